//! The proptest strategies the property tests share: boards at the edges
//! of the rules, positions, rule sets, games from the opening and from
//! any position, game records (OGN) with tags and comments, and texts near
//! a board diagram, a transcript or a record.
//!
//! Boards always hold 48 seeds; they come from [`crate::edges`], the one
//! home of random edge positions. Games shrink towards fewer and
//! earlier-listed moves.

use oware_core::{Board, Game, House, Position, Record, Rules, Seat, Transcript};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::strategy::NewTree;
use proptest::test_runner::TestRunner;

use crate::edges::{self, Stress};

/// Either seat.
pub fn seat() -> impl Strategy<Value = Seat> {
    prop_oneof![Just(Seat::South), Just(Seat::North)]
}

/// Any of the twelve houses, either seat's.
pub fn house() -> impl Strategy<Value = House> {
    (0..12usize).prop_map(|i| House::ALL[i])
}

/// One of the presets (`Rules::PRESETS`).
pub fn rules() -> impl Strategy<Value = Rules> {
    proptest::sample::select(Rules::PRESETS.map(|(_, rules)| rules).to_vec())
}

/// A position at one of the edges of the rules, either seat to move: one
/// of the kinds of [`edges::Stress`], built by [`edges::position`] from
/// proptest's own generator, so the property tests and `cargo xtask verify`
/// reach the same edges.
///
/// These positions do not shrink (a generator's draws have no order that
/// means "smaller"); a disagreement between core and reference shrinks
/// itself instead (see [`crate::agree::Disagreement::shrink`]).
pub fn position() -> impl Strategy<Value = Position> {
    proptest::sample::select(Stress::ALL.to_vec()).prop_flat_map(Edge)
}

/// The board of a [`position`].
pub fn board() -> impl Strategy<Value = Board> {
    position().prop_map(|position| position.board())
}

/// A position of one kind, drawn with the test runner's generator.
#[derive(Clone, Copy, Debug)]
struct Edge(Stress);

impl Strategy for Edge {
    type Tree = Just<Position>;
    type Value = Position;

    fn new_tree(&self, runner: &mut TestRunner) -> NewTree<Self> {
        Ok(Just(edges::position(runner.rng(), self.0)))
    }
}

/// Choices of moves: each picks among the legal moves of its turn.
pub fn choices(max: usize) -> impl Strategy<Value = Vec<Index>> {
    vec(any::<Index>(), 0..max)
}

/// A game from `start` under `rules`, playing one legal move per choice
/// until the choices run out or the game ends.
#[must_use]
pub fn play(start: Position, rules: Rules, choices: &[Index]) -> Game {
    let mut game = Game::from_position(start, rules);
    for choice in choices {
        let legal: Vec<House> = game.legal_moves().iter().collect();
        if legal.is_empty() {
            break;
        }
        game.play(*choice.get(&legal))
            .expect("a move from the game's legal moves");
    }
    game
}

/// A game from the opening, up to 150 moves long.
pub fn game_from_opening() -> impl Strategy<Value = Game> {
    (rules(), choices(150)).prop_map(|(rules, choices)| play(Position::OPENING, rules, &choices))
}

/// A game from a [`position`], up to 40 moves long.
pub fn game_from_position() -> impl Strategy<Value = Game> {
    (position(), rules(), choices(40))
        .prop_map(|(start, rules, choices)| play(start, rules, &choices))
}

/// A finished game: played by the choices, then by the first legal move
/// until it ends (at most 3000 moves in all; the tests that need a
/// finished game check that it is).
pub fn finished_game() -> impl Strategy<Value = Game> {
    prop_oneof![
        (rules(), choices(200)).prop_map(|(r, c)| (Position::OPENING, r, c)),
        (position(), rules(), choices(40)).prop_map(|(p, r, c)| (p, r, c)),
    ]
    .prop_map(|(start, rules, choices)| {
        let mut game = play(start, rules, &choices);
        while let Some(house) = game.legal_moves().first() {
            if game.moves().len() >= 3000 {
                break;
            }
            game.play(house).expect("a legal move");
        }
        game
    })
}

/// Characters that texts near a diagram or a transcript are edited with:
/// the notation's own and their neighbours, and some beyond ASCII.
const NEAR: &[char] = &[
    '0', '1', '2', '3', '4', '5', '7', '9', ' ', '\n', '\r', '\t', '[', ']', '|', ':', '-', '+',
    'A', 'C', 'F', 'G', 'a', 'c', 'f', 'g', 'é', '٣', '\u{a0}',
];

/// `text` with up to four random edits: a character inserted, deleted or
/// replaced.
fn edited(text: String) -> impl Strategy<Value = String> {
    edited_with(text, NEAR)
}

/// `text` with up to four random edits, with characters from `near`.
fn edited_with(text: String, near: &'static [char]) -> impl Strategy<Value = String> {
    let edits = vec(
        (
            any::<Index>(),
            0..3u8,
            proptest::sample::select(near.to_vec()),
        ),
        0..=4,
    );
    edits.prop_map(move |edits| {
        let mut chars: Vec<char> = text.chars().collect();
        for (at, kind, c) in edits {
            let at = at.index(chars.len() + 1);
            match kind {
                0 => chars.insert(at, c),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ if at < chars.len() => chars[at] = c,
                _ => chars.push(c),
            }
        }
        chars.into_iter().collect()
    })
}

/// A board diagram, as drawn or edited a little.
pub fn near_board_text() -> impl Strategy<Value = String> {
    board().prop_flat_map(|board| edited(board.to_string()))
}

/// A transcript of a game from the opening, as written or edited a little.
pub fn near_transcript() -> impl Strategy<Value = String> {
    game_from_opening()
        .prop_flat_map(|game| edited(Transcript::from(game.moves().to_vec()).to_string()))
}

/// A tag value: letters, digits, spaces, quotes, backslashes and brackets,
/// some beyond ASCII.
pub fn tag_value() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ?.:,\"\\\\\\[\\]{}()*+é٣-]{0,16}"
}

/// A comment as a record holds it: words of anything but white space and
/// `}`, one space between them.
pub fn comment() -> impl Strategy<Value = String> {
    vec("[a-zA-Z0-9?!.,;:+*\"\\\\{()\\[\\]é٣-]{1,8}", 1..6).prop_map(|words| words.join(" "))
}

/// A game record: a game from the opening or from a position (finished or
/// not), the roster of tags with some values set and some tags added, and
/// comments on some of its moves (and before the first).
pub fn record() -> impl Strategy<Value = Record> {
    let game = prop_oneof![game_from_opening(), game_from_position(), finished_game()];
    let tags = vec(
        (
            prop_oneof![
                proptest::sample::select(vec!["Event", "Site", "Date", "Round", "South", "North"])
                    .prop_map(str::to_owned),
                "[A-Za-z][A-Za-z0-9_]{0,8}".prop_filter("not a tag that follows the game", |n| {
                    !matches!(n.as_str(), "FEN" | "Variant" | "Result")
                }),
            ],
            tag_value(),
        ),
        0..6,
    );
    let comments = vec((any::<Index>(), comment()), 0..8);
    (game, tags, comments).prop_map(|(game, tags, comments)| {
        let mut record = Record::new(game);
        for (name, value) in tags {
            record.set_tag(&name, &value);
        }
        for (at, text) in comments {
            let index = at.index(record.comments().len());
            record.set_comment(index, Some(&text));
        }
        record
    })
}

/// Characters that texts near a record are edited with: its own and their
/// neighbours.
const NEAR_RECORD: &[char] = &[
    '0', '1', '2', '4', '9', ' ', '\n', '\r', '\t', '[', ']', '"', '\\', '{', '}', '(', ')', '.',
    '-', '+', '*', '?', 'A', 'C', 'F', 'G', 'a', 'c', 'f', 'g', 'S', 'N', 'é', '\u{a0}',
];

/// A record, as written or edited a little.
pub fn near_record() -> impl Strategy<Value = String> {
    record().prop_flat_map(|record| edited_with(record.to_string(), NEAR_RECORD))
}

/// Any string at all, or one made of the notation's characters.
pub fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9 \\[\\]|:\\n\\r\\tA-Fa-fgxX-]{0,120}",
        near_board_text(),
        near_transcript(),
    ]
}
