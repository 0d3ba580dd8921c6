//! Game records for the page's "Save game" and "Open game": the game as OGN
//! text, and OGN text read into the game the page plays. The reading and
//! writing are oware-core's [`Record`]; this module only carries them over
//! the page's text-in, JSON-out boundary.

use oware_core::notation::ogn;
use oware_core::{Position, Record, Seat};
use oware_player::Level;

use crate::json::Json;
use crate::request::{Request, RequestError};
use crate::state::{error_json, write_game};

/// The keys a save request takes: `rules`, `start` and `moves`, as a state
/// request names the game; `seat`, the person's seat, and `level`, the
/// bot's, who played it; `date`, the day as OGN writes it (`2026.11.30`);
/// and `lost`, how a game ended off the board, if it did: the seat that
/// lost and how, `south:time` (its clock ran out) or `north:resigned`.
pub const SAVE_KEYS: [&str; 7] = ["rules", "start", "moves", "seat", "level", "date", "lost"];

/// Answers a save request (see [`SAVE_KEYS`]) with `{"ok":true,"ogn":...}`,
/// the game as an OGN record, or an error. The players are named as
/// `oware play --save` names them: the bot's seat `oware level N`, the
/// person's left `?`; with `date`, the record's `Date` is that day. A game
/// lost on time or resigned (`lost`) ends off the board, so the
/// record says how and with what score, as an `oware match` record of a
/// forfeit does: its `Termination` and `Points` tags (its moves still end
/// `*`, the rules not having ended it).
///
/// ```
/// let answer = oware_web::record::save("rules=abapa moves=Ec");
/// assert!(answer.contains(r#"1. E c *\n"#), "{answer}");
/// let answer = oware_web::record::save("moves=Ec seat=south level=7 date=2026.11.30");
/// assert!(answer.contains(r#"[Date \"2026.11.30\"]\n"#), "{answer}");
/// assert!(answer.contains(r#"[South \"?\"]\n[North \"oware level 7\"]"#), "{answer}");
/// ```
#[must_use]
pub fn save(request: &str) -> String {
    match record_text(request) {
        Ok(text) => {
            let mut json = Json::new();
            json.begin_object();
            json.key("ok").bool(true);
            json.key("ogn").string(&text);
            json.end_object();
            json.finish()
        }
        Err(error) => error_json(&error.to_string()),
    }
}

fn record_text(text: &str) -> Result<String, RequestError> {
    let request = Request::parse(text, &SAVE_KEYS)?;
    let game = request.game()?;
    let over = game.is_over();
    let mut record = Record::new(game);
    let seat = request.parsed::<Seat>("seat")?;
    let level = request.parsed::<Level>("level")?;
    if let (Some(seat), Some(level)) = (seat, level) {
        record.set_tag(
            &seat.opponent().to_string(),
            &format!("oware level {level}"),
        );
    }
    if let Some(date) = request.get("date") {
        record.set_tag("Date", ogn_date(date)?);
    }
    if let Some(lost) = request.get("lost") {
        let bad = |reason: String| RequestError::BadValue {
            key: "lost".to_owned(),
            reason,
        };
        let (seat, how) = lost
            .split_once(':')
            .ok_or_else(|| bad(format!("`{lost}` is not SEAT:time or SEAT:resigned")))?;
        let loser: Seat = seat
            .parse()
            .map_err(|_| bad(format!("`{seat}` in `{lost}` is not south or north")))?;
        let how = match how {
            "time" => "lost on time",
            "resigned" => "resigned",
            _ => return Err(bad(format!("`{how}` in `{lost}` is not time or resigned"))),
        };
        if over {
            return Err(bad("the game is already over by the rules".to_owned()));
        }
        record.set_tag("Termination", &format!("{loser} {how}"));
        record.set_tag("Points", ogn::points(Some(loser.opponent())));
    }
    Ok(record.to_string())
}

/// `date` if it is a day as OGN (like PGN) writes one, `YYYY.MM.DD`.
fn ogn_date(date: &str) -> Result<&str, RequestError> {
    let bad = |reason: &str| RequestError::BadValue {
        key: "date".to_owned(),
        reason: format!("`{date}` {reason}"),
    };
    let parts: Vec<&str> = date.split('.').collect();
    let [year, month, day] = parts[..] else {
        return Err(bad("is not YYYY.MM.DD"));
    };
    let number = |part: &str, digits: usize| {
        (part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    match (number(year, 4), number(month, 2), number(day, 2)) {
        (Some(_), Some(1..=12), Some(1..=31)) => Ok(date),
        (Some(_), Some(_), Some(_)) => Err(bad("is not a day")),
        _ => Err(bad("is not YYYY.MM.DD")),
    }
}

/// Reads `text` (a whole OGN record) and answers with the game it holds as
/// the page names games, `{"ok":true,"rules":..,"start":..,"moves":..}`
/// (`start` a fen, or `null` from the opening), or, for a record that does
/// not read, `{"ok":false,"error":..,"line":..,"column":..}`. A file with no
/// game in it (empty, or tags alone: no moves and no set-up position) is
/// refused as `{"ok":false,"error":..}`, so that opening it never replaces
/// the game on the board with an empty one.
///
/// A file of house letters alone (a transcript as the page's "Copy" gives
/// it, spaces and line breaks allowed) is what the paste box takes: it is
/// answered with those letters and `"rules":null`, for the page to load
/// as it loads a pasted transcript, under the rules in force and read by
/// the same request (so one parser decides both).
///
/// ```
/// let answer = oware_web::record::open("[Variant \"sowing\"]\n\n1. E c *\n");
/// assert_eq!(answer, r#"{"ok":true,"rules":"sowing","start":null,"moves":"Ec"}"#);
/// let answer = oware_web::record::open("1. E c 2. E *");
/// assert!(answer.contains(r#""line":1,"column":11"#), "{answer}");
/// assert_eq!(oware_web::record::open(""), r#"{"ok":false,"error":"the file is empty"}"#);
/// let answer = oware_web::record::open("AbBc\nFa\n");
/// assert_eq!(answer, r#"{"ok":true,"rules":null,"start":null,"moves":"AbBcFa"}"#);
/// ```
#[must_use]
pub fn open(text: &str) -> String {
    if text.trim().is_empty() {
        return error_json("the file is empty");
    }
    let mut json = Json::new();
    json.begin_object();
    if text
        .chars()
        .all(|c| c.is_ascii_alphabetic() || c.is_whitespace())
    {
        let moves: String = text.split_whitespace().collect();
        json.key("ok").bool(true);
        json.key("rules").null();
        json.key("start").null();
        json.key("moves").string(&moves);
        json.end_object();
        return json.finish();
    }
    match text.parse::<Record>() {
        Ok(record)
            if record.game().moves().is_empty() && record.game().start() == Position::OPENING =>
        {
            return error_json(
                "it holds no moves and no set-up position (FEN tag), so no game to open",
            );
        }
        Ok(record) => {
            let game = record.game();
            json.key("ok").bool(true);
            json.key("rules").string(&game.rules().to_string());
            write_game(&mut json, game);
        }
        Err(error) => {
            json.key("ok").bool(false);
            json.key("error").string(&error.to_string());
            json.key("line").number(error.line as f64);
            json.key("column").number(error.column as f64);
        }
    }
    json.end_object();
    json.finish()
}

#[cfg(test)]
mod tests {
    use super::{open, save};

    /// The `ogn` text of a save answer, unescaped.
    fn ogn(answer: &str) -> String {
        let body = answer
            .strip_prefix(r#"{"ok":true,"ogn":""#)
            .and_then(|rest| rest.strip_suffix(r#""}"#))
            .unwrap_or_else(|| panic!("not a save answer: {answer}"));
        body.replace(r#"\n"#, "\n").replace(r#"\""#, "\"")
    }

    #[test]
    fn a_saved_game_opens_as_it_was() {
        let moves = crate::tests::NEAR_END;
        let text = ogn(&save(&format!("rules=sowing moves={moves}")));
        assert!(text.starts_with("[Variant \"sowing\"]\n"), "{text}");
        assert_eq!(
            open(&text),
            format!(r#"{{"ok":true,"rules":"sowing","start":null,"moves":"{moves}"}}"#)
        );
    }

    #[test]
    fn a_set_up_game_keeps_its_start() {
        let fen = "0-0-0-0-1-2-0-0-0-1-0-0-20-24-N";
        let text = ogn(&save(&format!("rules=abapa start={fen} moves=dF")));
        assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
        assert_eq!(
            open(&text),
            format!(r#"{{"ok":true,"rules":"abapa","start":"{fen}","moves":"dF"}}"#)
        );
    }

    #[test]
    fn the_players_and_the_day_are_named() {
        let text = ogn(&save("moves=Ec seat=north level=19 date=2026.01.05"));
        assert!(text.contains("[Date \"2026.01.05\"]\n"), "{text}");
        assert!(
            text.contains("[South \"oware level 19\"]\n[North \"?\"]\n"),
            "{text}"
        );
        // Without them, `?` as ever.
        let text = ogn(&save("moves=Ec"));
        assert!(
            text.contains("[Date \"?\"]\n[Round \"?\"]\n[South \"?\"]\n[North \"?\"]\n"),
            "{text}"
        );
        assert_eq!(
            save("moves=Ec date=2026-01-05"),
            r#"{"ok":false,"error":"bad value for `date`: `2026-01-05` is not YYYY.MM.DD"}"#
        );
        assert_eq!(
            save("moves=Ec date=2026.13.05"),
            r#"{"ok":false,"error":"bad value for `date`: `2026.13.05` is not a day"}"#
        );
        assert!(save("moves=Ec seat=east level=3").contains("unknown seat `east`"));
        assert!(
            save("moves=Ec seat=south level=20")
                .starts_with(r#"{"ok":false,"error":"bad value for `level`"#)
        );
    }

    #[test]
    fn a_game_lost_on_time_says_so_with_its_score() {
        let text = ogn(&save("moves=Ec seat=south level=3 lost=south:time"));
        assert!(
            text.contains("[Termination \"South lost on time\"]\n[Points \"0-1\"]\n"),
            "{text}"
        );
        assert!(text.ends_with("1. E c *\n"), "{text}");
        let text = ogn(&save("moves=Ec lost=north:time"));
        assert!(text.contains("[Points \"1-0\"]"), "{text}");
        // Not a game the rules have ended.
        let over = crate::tests::NEAR_END;
        assert!(
            save(&format!("moves={over}E lost=south:time"))
                .contains("the game is already over by the rules"),
        );
    }

    #[test]
    fn a_resigned_game_says_so_with_its_score() {
        let text = ogn(&save("moves=EcAb seat=north level=3 lost=north:resigned"));
        assert!(
            text.contains("[Termination \"North resigned\"]\n[Points \"1-0\"]\n"),
            "{text}"
        );
        assert!(text.ends_with("1. E c 2. A b *\n"), "{text}");
        let over = crate::tests::NEAR_END;
        assert!(
            save(&format!("moves={over}E lost=north:resigned"))
                .contains("the game is already over by the rules"),
        );
    }

    #[test]
    fn an_ending_off_the_board_is_named_as_seat_and_how() {
        assert_eq!(
            save("moves=Ec lost=south"),
            r#"{"ok":false,"error":"bad value for `lost`: `south` is not SEAT:time or SEAT:resigned"}"#
        );
        assert!(
            save("moves=Ec lost=east:time").contains("`east` in `east:time` is not south or north")
        );
        assert!(
            save("moves=Ec lost=south:gone")
                .contains("`gone` in `south:gone` is not time or resigned")
        );
    }

    #[test]
    fn refusals_say_what_and_where() {
        assert_eq!(
            save("moves=EE"),
            r#"{"ok":false,"error":"character 2 of the transcript, `E`, is a move by South, but North is to move"}"#
        );
        let answer = open("[Variant \"chess\"]\n\n1. E *\n");
        assert!(
            answer.starts_with(r#"{"ok":false,"error":"line 1, column "#),
            "{answer}"
        );
        assert!(answer.contains("chess"), "{answer}");
        assert_eq!(
            open("[Event \"club\"]\n[Variant \"abapa\"]\n\n*\n"),
            r#"{"ok":false,"error":"it holds no moves and no set-up position (FEN tag), so no game to open"}"#
        );
        assert_eq!(open(" \n\n"), r#"{"ok":false,"error":"the file is empty"}"#);
        let answer = open("[Event \"club\"]\n\n1. E c 2. E");
        assert!(answer.ends_with(r#""line":3,"column":11}"#), "{answer}");
    }
}
