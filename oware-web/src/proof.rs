//! What the page may say a search or the endgame database proved about a
//! position (who can force a win, or that a draw is forced), and whether it
//! still holds after a move. This is search reasoning, so it lives here
//! beside the engine and is tested with it; the page only keeps the text.
//!
//! A proof is written `south:EcAb`, `north:` or `draw:Ec`: the winner (or
//! `draw`), a colon, then the line of play that shows it (possibly none).
//! The page sends the proof it holds with the move it plays
//! (`play=c proof=south:cAb`), and the state answer says what of it holds
//! after the move.

use core::fmt;
use core::str::FromStr;

use oware_core::{House, Seat, Transcript};
use oware_player::Verdict;
use oware_search::Score;

use crate::json::Json;

/// A proven result of a position with the line that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The seat that can force a win, or `None` for a forced draw.
    pub winner: Option<Seat>,
    /// The moves of the proof from the position: the proved best move, the
    /// reply it expects, and so on (possibly none).
    pub line: Vec<House>,
}

impl Proof {
    /// The proof behind a search's root `score` for `mover` (its
    /// [`Verdict`], as the terminal and the protocol say it), with `best`
    /// and the principal variation `pv`; `None` when the score is no proof
    /// (a heuristic or a likely result).
    #[must_use]
    pub fn of_search(
        score: Score,
        mover: Seat,
        best: Option<House>,
        pv: &[House],
    ) -> Option<Proof> {
        let winner = Verdict::of(score, mover)?.winner.seat();
        // The line the proof follows: the principal variation when it starts
        // with the best move.
        let line = match best {
            Some(best) if pv.first() == Some(&best) => pv.to_vec(),
            Some(best) => vec![best],
            None => Vec::new(),
        };
        Some(Proof { winner, line })
    }

    /// The proof for the position after `house`, sown by `mover`, if it
    /// still holds: when the move is the next of the line (the proved best,
    /// or the reply the proof expects), or when the losing side made it
    /// (every move of a lost position leaves it lost; a forced draw gives
    /// no such promise).
    #[must_use]
    pub fn after(&self, house: House, mover: Seat) -> Option<Proof> {
        if self.line.first() == Some(&house) {
            return Some(Proof {
                winner: self.winner,
                line: self.line[1..].to_vec(),
            });
        }
        match self.winner {
            Some(winner) if winner != mover => Some(Proof {
                winner: Some(winner),
                line: Vec::new(),
            }),
            _ => None,
        }
    }

    /// The proof as the page keeps it: `{"kind":"win","winner":"south","line":"cAb"}`
    /// (`"kind":"draw","winner":null` for a draw).
    pub fn write(&self, json: &mut Json) {
        json.begin_object();
        json.key("kind")
            .string(if self.winner.is_some() { "win" } else { "draw" });
        match self.winner {
            Some(seat) => json.key("winner").string(seat.name()),
            None => json.key("winner").null(),
        };
        json.key("line")
            .string(&Transcript::from(self.line.clone()).to_string());
        json.end_object();
    }
}

/// Why a written proof does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofError(String);

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Proof {
    type Err = ProofError;

    fn from_str(text: &str) -> Result<Proof, ProofError> {
        let (who, line) = text.split_once(':').ok_or_else(|| {
            ProofError(format!(
                "`{text}` is not WINNER:LINE (south, north or draw, a colon, the moves)"
            ))
        })?;
        let winner = match who {
            "draw" => None,
            seat => Some(
                seat.parse::<Seat>()
                    .map_err(|_| ProofError(format!("`{seat}` is not south, north or draw")))?,
            ),
        };
        let line = line
            .chars()
            .map(|letter| {
                House::from_letter(letter).ok_or_else(|| {
                    ProofError(format!("the line: `{letter}` is not a house letter"))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Proof { winner, line })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proof(text: &str) -> Proof {
        text.parse().unwrap()
    }

    #[test]
    fn a_proof_follows_its_line_and_any_move_of_the_loser() {
        let win = proof("south:EcA");
        assert_eq!(win.after(House::E, Seat::South), Some(proof("south:cA")));
        // South's other moves are not the proof's: it may no longer hold.
        assert_eq!(win.after(House::B, Seat::South), None);
        // Any reply of North, the losing side, keeps South's win.
        assert_eq!(
            proof("south:cA").after(House::d, Seat::North),
            Some(proof("south:"))
        );
        // A forced draw holds only along its line.
        let draw = proof("draw:Ec");
        assert_eq!(draw.after(House::E, Seat::South), Some(proof("draw:c")));
        assert_eq!(proof("draw:c").after(House::a, Seat::North), None);
        // The database's win (no line) still holds after the loser's move.
        assert_eq!(
            proof("north:").after(House::A, Seat::South),
            Some(proof("north:"))
        );
        assert_eq!(proof("north:").after(House::a, Seat::North), None);
    }

    #[test]
    fn a_search_proves_only_with_a_proven_score() {
        let pv = [House::E, House::c];
        let of = |score| Proof::of_search(score, Seat::North, Some(House::E), &pv);
        assert_eq!(of(Score::win_in(3)), Some(proof("north:Ec")));
        assert_eq!(of(Score::loss_in(2)), Some(proof("south:Ec")));
        assert_eq!(of(Score::PROVEN_DRAW), Some(proof("draw:Ec")));
        assert_eq!(
            of(Score::win_in(3).doubted()),
            None,
            "a likely win is no proof"
        );
        assert_eq!(of(Score::from_seeds(2.0)), None);
        // A variation that does not start with the best move is not its line.
        assert_eq!(
            Proof::of_search(Score::win_in(3), Seat::South, Some(House::A), &pv),
            Some(proof("south:A"))
        );
    }

    #[test]
    fn bad_proofs_say_what_is_wrong() {
        assert!(
            "south"
                .parse::<Proof>()
                .unwrap_err()
                .to_string()
                .contains("WINNER:LINE")
        );
        assert!(
            "east:Ec"
                .parse::<Proof>()
                .unwrap_err()
                .to_string()
                .contains("`east`")
        );
        assert!(
            "south:Ex"
                .parse::<Proof>()
                .unwrap_err()
                .to_string()
                .starts_with("the line")
        );
    }
}
