//! Who plays which seat in `oware play`, and the bot's seed: from the
//! options and, continuing a record, its South, North and BotSeed tags; and
//! how a seat's tag names the bot.

use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Result;
use oware_core::{Record, Seat};
use oware_player::Level;

use super::Args;

/// The tag in which `--save` writes the seed of the bot's deliberate
/// mistakes.
pub(super) const SEED_TAG: &str = "BotSeed";

/// The seed of the bot's deliberate mistakes: --seed, or continuing a
/// record (`loaded`: its file and record), the one its BotSeed tag names
/// (a --seed that differs is refused, as the mistakes of the moves already
/// played came from it), else one from the clock.
pub(super) fn seed(args: &Args, loaded: Option<(&std::path::Path, &Record)>) -> Result<u64> {
    let Some((path, value)) = loaded.and_then(|(path, record)| Some((path, record.tag(SEED_TAG)?)))
    else {
        return Ok(args.seed.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
        }));
    };
    let file = path.display();
    let Ok(recorded) = value.trim().parse::<u64>() else {
        anyhow::bail!(
            "--load {file}: its {SEED_TAG} tag, `{value}`, is not a seed (a whole number)"
        );
    };
    match args.seed {
        Some(given) if given != recorded => anyhow::bail!(
            "--seed {given}: {file}'s bot played with seed {recorded} (its {SEED_TAG} tag): leave out --seed to play on with it"
        ),
        _ => Ok(recorded),
    }
}

/// The level the bot plays at when neither --level nor a record says.
const DEFAULT_LEVEL: u8 = 10;

/// Who plays which seat, from the options and, continuing a record, its
/// South and North tags: a record's players are kept, never swapped.
pub(super) struct Seating {
    /// The seat the bot plays, or `None` when two people play.
    pub(super) bot: Option<Seat>,
    /// The bot's level.
    pub(super) level: Level,
    /// Where the seats came from, when a record's tags gave them: said at
    /// the start.
    pub(super) told: Option<String>,
}

impl Seating {
    /// The seating `args` ask for, continuing `loaded` (its file and
    /// record) if given. A seat whose tag names the bot (`oware level N`,
    /// as `--save` writes it) is the bot's at that level; an option that
    /// contradicts the tags is refused, since the saved record would then
    /// credit one player's moves to another.
    pub(super) fn of(args: &Args, loaded: Option<(&std::path::Path, &Record)>) -> Result<Seating> {
        let default_level = || Level::new(DEFAULT_LEVEL).expect("a level");
        let free = |seat: Option<Seat>| Seating {
            bot: (!args.humans).then(|| seat.unwrap_or(Seat::South).opponent()),
            level: args.level.unwrap_or_else(default_level),
            told: None,
        };
        let Some((path, record)) = loaded else {
            return Ok(free(args.seat));
        };
        let file = path.display();
        let tagged: Vec<(Seat, Level, &str)> = Seat::ALL
            .into_iter()
            .filter_map(|seat| {
                let value = record.tag(&seat.to_string())?;
                tagged_level(value).map(|level| (seat, level, value))
            })
            .collect();
        let (bot, tagged_level, value) = match tagged[..] {
            [] => return Ok(free(args.seat)),
            [one] => one,
            _ => anyhow::bail!(
                "--load {file}: its South and North tags both name the bot, so there is no seat for you; edit the tags to continue it"
            ),
        };
        let human = bot.opponent();
        if args.humans {
            anyhow::bail!(
                "--humans: {file}'s {bot} tag names the bot (`{value}`), which played {bot}'s moves: leave out --humans to play on against it as {human}"
            );
        }
        if let Some(seat) = args.seat
            && seat != human
        {
            anyhow::bail!(
                "--seat {}: {file}'s {bot} tag names the bot (`{value}`), so you played {human}: leave out --seat to play on as {human}",
                seat.to_string().to_lowercase()
            );
        }
        if let Some(level) = args.level
            && level != tagged_level
        {
            anyhow::bail!(
                "--level {level}: {file}'s bot played at level {tagged_level} (its {bot} tag, `{value}`): leave out --level to play on at level {tagged_level}"
            );
        }
        let told =
            (args.seat.is_none() || args.level.is_none()).then(|| format!("as {file}'s tags say"));
        Ok(Seating {
            bot: Some(bot),
            level: tagged_level,
            told,
        })
    }
}

/// The level a seat's tag names the bot at: `oware level N`, as `--save`
/// writes it, alone or after the player it took over from
/// (`Aualé, then oware level N`); `None` for any other player.
fn tagged_level(value: &str) -> Option<Level> {
    value
        .strip_prefix(BOT_TAG)
        .or_else(|| {
            value
                .rsplit_once(&format!(", then {BOT_TAG}"))
                .map(|(_, level)| level)
        })?
        .parse()
        .ok()
}

/// What a seat's tag says of the bot, before its level.
const BOT_TAG: &str = "oware level ";

/// The tag of the seat the bot plays at `level`, whose tag was `old` and
/// which has `moved` in the record already: the bot alone when it is the
/// bot already or the seat has not moved under an unknown player, else the
/// player it takes over from (`?` if unknown), then the bot.
pub(super) fn bot_tag(old: Option<&str>, level: Level, moved: bool) -> String {
    let bot = format!("{BOT_TAG}{level}");
    match old.map(str::trim) {
        Some(old) if tagged_level(old) == Some(level) => old.to_owned(),
        None | Some("" | "?") if !moved => bot,
        None | Some("") => format!("?, then {bot}"),
        Some(old) => format!("{old}, then {bot}"),
    }
}

/// "you", "bot, level 10" or, with two people, "player".
pub(super) fn player_name(bot: Option<Seat>, seat: Seat, level: Level) -> String {
    match bot {
        None => "player".to_owned(),
        Some(bot) if bot == seat => format!("bot, level {level}"),
        Some(_) => "you".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bots_tag_names_whom_it_took_over_from() {
        let level = Level::new(3).unwrap();
        assert_eq!(bot_tag(None, level, false), "oware level 3");
        assert_eq!(bot_tag(Some("?"), level, false), "oware level 3");
        assert_eq!(bot_tag(Some("?"), level, true), "?, then oware level 3");
        assert_eq!(bot_tag(None, level, true), "?, then oware level 3");
        assert_eq!(bot_tag(Some("oware level 3"), level, true), "oware level 3");
        assert_eq!(
            bot_tag(Some("Ama, then oware level 3"), level, true),
            "Ama, then oware level 3"
        );
        assert_eq!(
            bot_tag(Some("Ama"), level, false),
            "Ama, then oware level 3"
        );
        for (tag, read) in [
            ("oware level 3", Some(3)),
            ("?, then oware level 19", Some(19)),
            ("oware level 30", None),
            ("Aualé (expert)", None),
            ("level 3", None),
        ] {
            assert_eq!(tagged_level(tag).map(Level::get), read, "{tag}");
        }
    }
}
