//! What the page offers, asked of the module instead of copied into the
//! page's scripts: the levels, the rule sets (each described from its own
//! rules), and the endgame database's sizes on the page (built at a first
//! visit, and the most it grows to).

use oware_core::{GrandSlam, Rules, Share};
use oware_player::Level;

use crate::endgame::{PAGE_MAX_SEEDS, PAGE_SEEDS};
use crate::json::Json;

/// The page's choices as JSON:
/// `{"levels":{"min":1,"max":19},"endgameSeeds":10,"endgameMaxSeeds":16,"rules":[{"name":"abapa","about":"…"},…]}`,
/// the rule sets in the order of [`Rules::PRESETS`].
///
/// ```
/// let info = oware_web::info::answer();
/// assert!(info.contains(r#""levels":{"min":1,"max":19}"#));
/// assert!(info.contains(r#"{"name":"sowing","about":"a position's third occurrence ends the game; so do 100 moves without a capture"}"#));
/// ```
#[must_use]
pub fn answer() -> String {
    let mut json = Json::new();
    json.begin_object();
    json.key("levels").begin_object();
    json.key("min").number(f64::from(Level::MIN.get()));
    json.key("max").number(f64::from(Level::MAX.get()));
    json.end_object();
    json.key("endgameSeeds").number(f64::from(PAGE_SEEDS));
    json.key("endgameMaxSeeds")
        .number(f64::from(PAGE_MAX_SEEDS));
    json.key("rules").begin_array();
    for (name, rules) in Rules::PRESETS {
        json.begin_object();
        json.key("name").string(name);
        json.key("about").string(&about(&rules));
        json.end_object();
    }
    json.end_array();
    json.end_object();
    json.finish()
}

/// How a rule set ends a game and treats a grand slam, in a line: what a
/// player choosing among the presets needs to tell them apart.
fn about(rules: &Rules) -> String {
    let mut parts = Vec::new();
    if rules.grand_slam() == GrandSlam::Forbidden {
        parts.push("no grand slam unless every move is one".to_owned());
    }
    // Counted as RULES.md counts them: the occurrences of a position.
    match rules.repetition() {
        Some(2) => parts.push("a position coming back ends the game".to_owned()),
        Some(3) => parts.push("a position's third occurrence ends the game".to_owned()),
        Some(n) => parts.push(format!("a position's occurrence number {n} ends the game")),
        None => {}
    }
    if rules.repetition().is_some() && rules.repetition_share() == Share::Evenly {
        parts.push("splitting the seeds left evenly".to_owned());
    }
    if let Some(limit) = rules.move_limit() {
        parts.push(format!("so do {limit} moves without a capture"));
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_preset_is_told_apart_by_its_rules() {
        let abouts: Vec<String> = Rules::PRESETS
            .iter()
            .map(|(_, rules)| about(rules))
            .collect();
        let mut distinct = abouts.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), abouts.len(), "{abouts:?}");
        assert_eq!(about(&Rules::AUALE), "a position coming back ends the game");
        assert_eq!(
            about(&Rules::AWARI_SPLIT),
            "no grand slam unless every move is one; a position's third occurrence ends the game; splitting the seeds left evenly"
        );
    }
}
