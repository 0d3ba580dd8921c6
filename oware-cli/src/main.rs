//! The `oware` command.

fn main() {
    println!("oware: under construction");
}
