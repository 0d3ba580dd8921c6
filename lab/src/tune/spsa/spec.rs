//! The parameter file of an SPSA run (`lab/spsa/*.params`): one
//! parameter a line, in OpenBench's terms.
//!
//! ```text
//! # name      start  min  max  c_end  r_end
//! lmr_depth   3      1    8    0.5    0.002
//! ```
//!
//! `start` is where θ begins, `min` and `max` bound it (and the perturbed
//! values), `c_end` is the perturbation at the last iteration and `r_end`
//! the ratio a / c² there (so the last step is `r_end × c_end` per unit of
//! result). Blank lines and text after `#` are ignored.

use std::fmt;

/// One tuned parameter.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Parameter {
    /// The name the engine knows it by (a `Knobs` name).
    pub(crate) name: String,
    /// Where θ starts.
    pub(crate) start: f64,
    /// The least value θ and the perturbed values take.
    pub(crate) min: f64,
    /// The greatest value θ and the perturbed values take.
    pub(crate) max: f64,
    /// The perturbation c_k at the last iteration.
    pub(crate) c_end: f64,
    /// a_k / c_k² at the last iteration.
    pub(crate) r_end: f64,
}

impl Parameter {
    /// `value` kept within the parameter's bounds.
    pub(crate) fn clamp(&self, value: f64) -> f64 {
        value.clamp(self.min, self.max)
    }
}

impl fmt::Display for Parameter {
    /// The parameter as a line of the file (each number in its shortest
    /// exact form, so a log's header compares equal when the file does).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {} {} {} {}",
            self.name, self.start, self.min, self.max, self.c_end, self.r_end
        )
    }
}

/// Why a parameter file was refused: the line (from 1) and the reason.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SpecError {
    pub(crate) line: usize,
    pub(crate) reason: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SpecError {}

/// The columns of a line, in order.
const COLUMNS: [&str; 6] = ["name", "start", "min", "max", "c_end", "r_end"];

/// Reads a parameter file's text. Each parameter is checked on its own
/// (numbers finite, min < max, start within them, c_end and r_end above
/// 0, no name twice); `known` says whether the engine has a parameter of
/// that name and accepts its bounds, with a reason when not.
pub(crate) fn parse(
    text: &str,
    known: &dyn Fn(&Parameter) -> Result<(), String>,
) -> Result<Vec<Parameter>, SpecError> {
    let mut parameters: Vec<Parameter> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let error = |reason: String| SpecError { line, reason };
        let content = raw.split('#').next().unwrap_or("");
        let fields: Vec<&str> = content.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        if fields.len() != COLUMNS.len() {
            return Err(error(format!(
                "{} fields where 6 are expected: {}",
                fields.len(),
                COLUMNS.join(" ")
            )));
        }
        let mut numbers = [0.0; 5];
        for ((number, text), column) in numbers.iter_mut().zip(&fields[1..]).zip(&COLUMNS[1..]) {
            *number = text
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite())
                .ok_or_else(|| error(format!("{column} `{text}` is not a number")))?;
        }
        let [start, min, max, c_end, r_end] = numbers;
        let parameter = Parameter {
            name: fields[0].to_owned(),
            start,
            min,
            max,
            c_end,
            r_end,
        };
        if min >= max {
            return Err(error(format!("min {min} is not below max {max}")));
        }
        if !(min..=max).contains(&start) {
            return Err(error(format!("start {start} is outside [{min}, {max}]")));
        }
        if c_end <= 0.0 || r_end <= 0.0 {
            return Err(error(format!(
                "c_end {c_end} and r_end {r_end} must both be above 0"
            )));
        }
        if parameters.iter().any(|p| p.name == parameter.name) {
            return Err(error(format!("`{}` is named twice", parameter.name)));
        }
        known(&parameter).map_err(|reason| error(format!("`{}`: {reason}", parameter.name)))?;
        parameters.push(parameter);
    }
    if parameters.is_empty() {
        return Err(SpecError {
            line: text.lines().count().max(1),
            reason: "no parameter to tune".to_owned(),
        });
    }
    Ok(parameters)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn any(_: &Parameter) -> Result<(), String> {
        Ok(())
    }

    #[test]
    fn a_file_reads_its_parameters_in_order() {
        let text = "# name start min max c_end r_end\n\n\
                    lmr_depth 3 1 8 0.5 0.002   # reductions\n\
                    qs\t2\t0\t6\t1e0\t2e-3\n";
        let parameters = parse(text, &any).unwrap();
        assert_eq!(parameters.len(), 2);
        assert_eq!(
            parameters[0],
            Parameter {
                name: "lmr_depth".to_owned(),
                start: 3.0,
                min: 1.0,
                max: 8.0,
                c_end: 0.5,
                r_end: 0.002,
            }
        );
        assert_eq!(parameters[1].to_string(), "qs 2 0 6 1 0.002");
        assert_eq!(parameters[1].clamp(7.5), 6.0);
        assert_eq!(parameters[1].clamp(-1.0), 0.0);
    }

    #[test]
    fn a_wrong_line_is_named_with_its_reason() {
        let good = "lmr_depth 3 1 8 0.5 0.002\n";
        for (bad, reason) in [
            ("qs 2 0 6 1", "5 fields where 6 are expected"),
            ("qs two 0 6 1 0.002", "start `two` is not a number"),
            ("qs 2 0 inf 1 0.002", "max `inf` is not a number"),
            ("qs 2 6 6 1 0.002", "min 6 is not below max 6"),
            ("qs 9 0 6 1 0.002", "start 9 is outside [0, 6]"),
            (
                "qs 2 0 6 0 0.002",
                "c_end 0 and r_end 0.002 must both be above 0",
            ),
            ("lmr_depth 3 1 8 0.5 0.002", "`lmr_depth` is named twice"),
            ("speed 3 1 8 0.5 0.002", "`speed`: not a knob"),
        ] {
            let text = format!("{good}# a comment\n{bad}\n");
            let known = |p: &Parameter| {
                if p.name == "speed" {
                    Err("not a knob".to_owned())
                } else {
                    Ok(())
                }
            };
            let error = parse(&text, &known).unwrap_err();
            assert_eq!(error.line, 3, "{bad}");
            assert!(error.reason.contains(reason), "{bad}: {error}");
            assert!(error.to_string().starts_with("line 3: "), "{error}");
        }
        let error = parse("# nothing\n\n", &any).unwrap_err();
        assert_eq!(error.to_string(), "line 2: no parameter to tune");
    }
}
