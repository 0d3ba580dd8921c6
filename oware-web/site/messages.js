// Every message between the page, its workers and the module, as types:
// what the page asks the module (the words of its requests, whose keys are
// the module's parsers'), what the module answers (oware-web/src/*.rs
// writes each shape with its JSON writer, json.rs; the Rust function named
// under each type is its one source), what the workers post, and what the
// page posts them. Each shape is written down here once; the other files
// import it (`@typedef {import('./messages.js').SearchEvent} SearchEvent`)
// and `cargo xtask site --types` checks them against it (tsc, see
// oware-web/README.md). This file holds no code: nothing imports it at run
// time, and `cargo xtask site` leaves it out of the built site.
//
// Houses are letters (`"A"`–`"F"` South's, `"a"`–`"f"` North's) where the
// module writes a house's name, and indexes 0–11 in the same order where it
// writes a number (sowing paths, captures); cells are the 14 of RULES.md's
// canonical layout (section 1), the twelve houses then South's store and North's.

// ---- Words of the game -------------------------------------------------------

/** @typedef {'south' | 'north'} Seat */

/** A refusal: the module (or a worker for it) says why it did not answer. @typedef {{ ok: false, error: string }} Refusal */

// ---- The page's requests (request.rs) -----------------------------------------

// A request is a line of `key=value` words (`rules=abapa moves=Ec play=A`),
// which the page writes only through the builders of requests.js, from the
// words typed here. Each kind's keys are those its parser in src/*.rs takes
// (the constant named under its type); e2e/samples/requests.js, written by
// `cargo test -p oware-web` from those constants, gives every key of each
// kind a value the module accepts, under `Required<…>` of its type, so a key
// misspelt here, or renamed in Rust, fails `cargo xtask site --types`. A key
// whose value is null (or left out) is not written.

/**
 * A game as every request names it (`Request::game`): its rules, its
 * set-up start (a fen; null from the opening) and its moves (a transcript,
 * possibly empty).
 * @typedef {object} GameWords
 * @property {string} rules
 * @property {string | null} start
 * @property {string} moves
 */

/**
 * A state request (`state::STATE_KEYS`): the game, a house to `play` after
 * it (a letter), and with it the proofs the page holds before the move
 * (`winner:line`, `draw:line`), the search's `proof` and the endgame
 * database's `endgame`.
 * @typedef {GameWords & { play?: string, proof?: string | null, endgame?: string | null }} StateWords
 */

/**
 * A search request (`think::SEARCH_KEYS`): the game; the bot at a `level`
 * with its `seed`, or a plain search's `depth`, `nodes` and `ms`; the move
 * played next to `judge` (a letter); and a game's clocks, as the engine
 * protocol gives them (`w` South, `b` North; milliseconds).
 * @typedef {object} SearchLimitWords
 * @property {number} [level]
 * @property {bigint} [seed]
 * @property {number} [depth]
 * @property {number} [nodes]
 * @property {number} [ms]
 * @property {string} [judge]
 * @property {number} [wtime]
 * @property {number} [btime]
 * @property {number} [winc]
 * @property {number} [binc]
 */

/** A search request: the game, then its limits. @typedef {GameWords & SearchLimitWords} SearchWords */

/**
 * A save request (`record::SAVE_KEYS`): the game, who played it (the
 * person's `seat`, the bot's `level`), the `date` as OGN writes it
 * (`2026.11.30`) and how the game ended off the board (`lost`), if it
 * did: the seat that lost, on time or by resigning.
 * @typedef {GameWords & { seat?: Seat, level?: number, date?: string, lost?: `${Seat}:${'time' | 'resigned'}` | null }} SaveWords
 */

/** A probe of the endgame database (`endgame::PROBE_KEYS`): the game. @typedef {GameWords} ProbeWords */

/** A puzzle proved at the position after the game (`mistakes::PROVE_KEYS`): the game. @typedef {GameWords} ProveWords */

/**
 * A puzzle request (`puzzle::PUZZLE_KEYS`): which puzzle (`code`, one
 * proved from the player's game; else `id`; else the daily one of `date`;
 * else the nearest to `rating`, with `theme`, not one of `skip`, ids joined
 * by commas), the line played so far (`moves`), a house tried next
 * (`play`), and the player's rating (`rating,deviation,volatility`) to
 * update by the attempt's `result`.
 * @typedef {object} PuzzleWords
 * @property {string} [code]
 * @property {string} [id]
 * @property {string} [date]
 * @property {number} [rating]
 * @property {string | null} [theme]
 * @property {string | null} [skip]
 * @property {string} [moves]
 * @property {string} [play]
 * @property {string} [player]
 * @property {'solved' | 'missed'} [result]
 */

/** A practice request (`practice::PRACTICE_KEYS`): the game, and the player's move to judge, if any. @typedef {GameWords & { play?: string }} PracticeWords */

/** The text of a state request, as `stateRequest` writes it (requests.js). @typedef {string & { readonly request: 'state' }} StateText */

/** The text of a search request, as `searchRequest` writes it (requests.js). @typedef {string & { readonly request: 'search' }} SearchText */

/** The text of a save request, as `saveRequest` writes it (requests.js). @typedef {string & { readonly request: 'save' }} SaveText */

/** The text of a probe request, as `probeRequest` writes it (requests.js). @typedef {string & { readonly request: 'probe' }} ProbeText */

/** The text of a prove request, as `proveRequest` writes it (requests.js). @typedef {string & { readonly request: 'prove' }} ProveText */

/** The text of a puzzle request, as `puzzleRequest` writes it (requests.js). @typedef {string & { readonly request: 'puzzle' }} PuzzleText */

/** The text of a practice request, as `practiceRequest` writes it (requests.js). @typedef {string & { readonly request: 'practice' }} PracticeText */

// ---- The module's answers: the game (state.rs) -------------------------------

/**
 * The last move and what it did (`state::describe`, `last`): the house sown
 * (a letter), the houses sown into in order and those captured (indexes),
 * the seeds captured.
 * @typedef {object} LastMoveJson
 * @property {string} house
 * @property {Seat} seat
 * @property {number[]} sown
 * @property {number[]} captured
 * @property {number} seeds
 */

/**
 * The seeds of one house going to a store at the end of a game
 * (`state::write_ending`, each of `gather`).
 * @typedef {object} Gathered
 * @property {number} house the house's index
 * @property {Seat} seat whose store they go to
 * @property {number} seeds
 */

/**
 * How the game ended (`state::describe`, `outcome`): the winner (null for
 * a draw), why, the sentence the rules give, the seeds each seat ends with
 * ([South's, North's]), why the seeds left went to the stores (null when
 * captures ended it), where they went, and the cells once they are there.
 * @typedef {object} Outcome
 * @property {Seat | null} winner
 * @property {string} reason
 * @property {string} text
 * @property {[number, number]} seeds
 * @property {string | null} ending
 * @property {Gathered[]} gather
 * @property {number[]} cells
 */

/**
 * A proof as the module writes it (`Proof::write`): who can force a win
 * (`winner` null for a forced draw) and the line of play that shows it,
 * house letters from the position (possibly none).
 * @typedef {object} ProofJson
 * @property {'win' | 'draw'} kind
 * @property {Seat | null} winner
 * @property {string} line
 */

/**
 * The module's answer for a game (`state::describe`): its rules and their
 * move limit, its set-up start (a fen, null from the opening) and moves,
 * the cells, the seat to move, the legal houses (letters in one string)
 * and each one's sowing path (indexes, by letter), the last move, the moves
 * since a capture, how often the position has occurred, and the outcome.
 * Asked with `play=` and the proofs the page holds (`state::state`), it
 * also says which of them hold after the move: `proof`, `endgame`.
 * @typedef {object} GameStateJson
 * @property {true} ok
 * @property {string} rules
 * @property {number | null} moveLimit
 * @property {string | null} start
 * @property {string} moves
 * @property {number[]} cells
 * @property {Seat} toMove
 * @property {string} legal
 * @property {Record<string, number[]>} sowings
 * @property {LastMoveJson | null} last
 * @property {number} movesWithoutCapture
 * @property {number} occurrences
 * @property {Outcome | null} outcome
 * @property {ProofJson | null} [proof]
 * @property {ProofJson | null} [endgame]
 */

/** A move refused by the rules (`state::state`): the house tried and why. @typedef {{ ok: false, illegal: string, error: string }} IllegalMove */

/** The answer to a state request: the game, a move the rules refuse, or a request that does not read. @typedef {GameStateJson | IllegalMove | Refusal} StateAnswer */

// ---- The module's answers: the search (think.rs) -----------------------------

/**
 * A score, from the mover's view (`think::write_score`): the engine's text,
 * its short form for the chalk, centi-seeds, and what it proves (`plies`
 * with a win or a loss).
 * @typedef {object} Score
 * @property {string} text
 * @property {string} short
 * @property {number} centi
 * @property {'win' | 'loss' | 'draw' | null} proven
 * @property {number} [plies]
 */

/** A house letter and its score at the root (`think::write_root_scores`). @typedef {[string, Score]} RootScore */

/**
 * The limits a search runs under (`think::start_json`), each null when
 * unlimited; `clock` the mover's (milliseconds).
 * @typedef {object} Limits
 * @property {number | null} depth
 * @property {number | null} nodes
 * @property {number | null} ms
 * @property {{ remaining: number, increment: number } | null} clock
 */

/** Sent before a search starts (`think::start_json`). @typedef {{ type: 'start', limits: Limits }} StartEvent */

/** One root move's score at a depth (`think::event_json`). @typedef {{ type: 'root', depth: number, house: string, score: Score }} RootEvent */

/**
 * A depth completed (`think::event_json`): its score, best house (a
 * letter), principal variation (letters), every root move's score, what
 * it proves, the positions searched and the milliseconds so far.
 * @typedef {object} IterationEvent
 * @property {'iteration'} type
 * @property {number} depth
 * @property {Score} score
 * @property {string} best
 * @property {string} pv
 * @property {RootScore[]} rootScores
 * @property {ProofJson | null} proof
 * @property {number} nodes
 * @property {number} ms
 */

/** The module panicked (`wasm::install_panic_hook`): its message, before it traps. @typedef {{ type: 'panic', message: string }} PanicEvent */

/** An event of a search, as `env.oware_event` hands it to the page. @typedef {StartEvent | RootEvent | IterationEvent | PanicEvent} SearchEvent */

/**
 * How the move played compares with the search's (`think::write_judgement`):
 * its score, and, when another move scores better, that move (a letter)
 * and its score, and `?` for a mistake, `??` for a blunder.
 * @typedef {object} Judgement
 * @property {Score} played
 * @property {string | null} best
 * @property {Score | null} bestScore
 * @property {'?' | '??' | null} mark
 */

/**
 * A search's result (`think::result_with`): as an iteration, with `book`
 * when the move is the opening book's, and, asked with `judge=`, the
 * judgement of that move (null when the search did not score it). `best`
 * is null when the position has no legal move.
 * @typedef {object} SearchDone
 * @property {true} ok
 * @property {'result'} type
 * @property {true} [book]
 * @property {string | null} best
 * @property {number} depth
 * @property {Score} score
 * @property {string} pv
 * @property {RootScore[]} rootScores
 * @property {ProofJson | null} proof
 * @property {number} nodes
 * @property {number} ms
 * @property {Judgement | null} [judgement]
 */

/** The answer to a search request (a refusal also when the module stopped: worker.js). @typedef {SearchDone | Refusal} SearchAnswer */

// ---- The module's answers: the rest (info.rs, record.rs, endgame.rs) ---------

/**
 * The page's choices (`info::answer`): the levels, the endgame database's
 * sizes on the page (seeds: built at a first visit, and the most it grows
 * to), the rule sets with a line about each.
 * @typedef {object} Info
 * @property {{ min: number, max: number }} levels
 * @property {number} endgameSeeds
 * @property {number} endgameMaxSeeds
 * @property {{ name: string, about: string }[]} rules
 */

/** The game as an OGN record (`record::save`). @typedef {{ ok: true, ogn: string } | Refusal} SaveAnswer */

/**
 * The game an OGN record holds (`record::open`), or why it does not read
 * (with its line and column when the record itself is at fault); `rules`
 * null for a file of a bare transcript, loaded as a pasted one is.
 * @typedef {{ ok: true, rules: string | null, start: string | null, moves: string }
 *   | { ok: false, error: string, line?: number, column?: number }} OpenAnswer
 */

/**
 * The endgame database held (`endgame::built_json`): which one, up to how
 * many seeds, its positions and bytes, and the bytes of its next slice
 * (null at the most the page holds); `ruleset` null when no database is
 * true for the rules (awari, sowing), so none is built; or why not (a
 * kept file refused by `endgame::read_slice`, with the module's reason).
 * @typedef {{ ok: true, ruleset: 'abapa' | 'awari', seeds: number, positions: number, bytes: number, nextBytes: number | null }
 *   | { ok: true, ruleset: null }
 *   | Refusal} BuildAnswer
 */

/**
 * What the database says of a game (`endgame::verdict_json`): nothing when
 * the position is outside it (`within` false), else the bounds of the
 * mover's net score and the result when they decide it (`winner` with a
 * win).
 * @typedef {{ ok: true, within: false }
 *   | { ok: true, within: true, lo: number, hi: number, result: null | 'draw' }
 *   | { ok: true, within: true, lo: number, hi: number, result: 'win', winner: Seat }
 *   | Refusal} ProbeAnswer
 */

/**
 * A puzzle of the shipped set as the page draws it (src/puzzle.rs): its id
 * (for a share link), rules, start (a fen), the solver's seat and goal
 * (with the goal in words), themes, starting rating, the proof's words, and
 * the solution, each move with its words.
 * @typedef {{ id: string, rules: string, start: string, solver: Seat, goal: 'win' | 'draw', goalWords: string,
 *   themes: string[], rating: number, proofWords: string, line: { house: string, words: string }[] }} Puzzle
 */

/**
 * A practice session's answer (`practice::answer`, by oware-puzzle's
 * Practice): the goal; what the database proves of the player's move
 * (true: the goal kept; false: it let it slip; null: nothing new, or no
 * move); the defender's reply (null when the game is over or it is the
 * player's turn); where a slip is said (by the move or after the reply),
 * the result with best play now; whether a slip was proved since the start
 * or the last retry; whether the game is over with the goal reached (null
 * while it goes on); the moves Retry keeps; the hint (null when it is not
 * the player's turn).
 * @typedef {{ ok: true, goal: 'win' | 'draw', keeps: boolean | null, reply: string | null, now: Seat | 'draw' | null,
 *   slipped: boolean, reached: boolean | null, retry: string, hint: string | null }
 *   | Refusal} PracticeAnswer
 */

/** An ending of a graded set (`practice::grades`): a shipped puzzle's start, played to the end. @typedef {{ id: string, rules: string, start: string, seeds: number, goal: 'win' | 'draw' }} Ending */

/** The graded sets of endgame practice, the fewest seeds first, each with its easiest endings. @typedef {{ ok: true, grades: { fewest: number, most: number, endings: Ending[] }[] }} PracticeGrades */

/** A player's or a puzzle's Glicko-2 rating. @typedef {{ rating: number, deviation: number, volatility: number }} Rating */

/**
 * The answer to a puzzle request (src/puzzle.rs): the puzzle, the
 * solver's next move (the hint; null once solved), what a move tried did,
 * and the player's rating after the attempt.
 * @typedef {{ ok: true, puzzle: Puzzle, next: string | null,
 *   tried?: { house: string, right: boolean, reply: string | null, solved: boolean }, player?: Rating }
 *   | Refusal} PuzzleAnswer
 */

/**
 * The answer to a prove request (src/mistakes.rs): the puzzle at the
 * position, as the shipped ones are drawn, and its code for a puzzle
 * request; both null where the position holds no puzzle.
 * @typedef {{ ok: true, puzzle: Puzzle, code: string } | { ok: true, puzzle: null, code: null } | Refusal} ProveAnswer
 */

// ---- The workers' messages ---------------------------------------------------

/** The compiled module, the first message to every worker (wasm.js). @typedef {{ module: WebAssembly.Module }} ModuleMessage */

/**
 * A search asked of the search's worker: its id, the request's text, and
 * the name of the game's rules, whose endgame database the worker reads
 * from what is kept before the search (worker.js).
 * @typedef {{ id: number, request: SearchText, rules: string }} SearchRequest
 */

/** Page to the search's worker (worker.js): the module, a new game, or a search. @typedef {ModuleMessage | { type: 'new-game' } | SearchRequest} ToSearchWorker */

/** An event of search `id` (null before the first request). @typedef {{ id: number | null, event: SearchEvent }} SearchEventMessage */

/** The answer to search `id`. @typedef {{ id: number, result: SearchAnswer }} SearchResultMessage */

/** A message of a search, as engine-worker.js hands it on. @typedef {SearchEventMessage | SearchResultMessage} SearchMessage */

/** The search's worker to the page: its module is ready, or failed to load (why), or a search's message. @typedef {{ ready: true } | { failed: string } | SearchMessage} FromSearchWorker */

/**
 * Page to the endgame database's worker (endgame-worker.js): the module; a
 * build for a game's rules (`seeds`: the most seeds it is to grow to, null
 * for the module's most; the tests set a small one; `keep`: whether to keep
 * it in the browser, as the player's setting says); one more seed count,
 * while the player is idle; deleting what is kept and keeping nothing more;
 * keeping it again (what is held is kept at once); a probe; or a
 * practice move to judge and answer (practice.js).
 * @typedef {ModuleMessage | { type: 'build', rules: string, seeds: number | null, keep: boolean } | { type: 'grow' } | { type: 'forget' } | { type: 'keep' }
 *   | { type: 'probe', request: ProbeText } | { type: 'practice', request: PracticeText }} ToEndgameWorker
 */

/**
 * What the endgame worker keeps in the browser: nothing yet; the files
 * kept (their bytes); nothing, because the browser refused (why); or
 * nothing, because the player deleted it.
 * @typedef {{ state: 'none' } | { state: 'kept', bytes: number } | { state: 'refused', why: string } | { state: 'deleted' }} Kept
 */

/**
 * A build's or a growth's answer, with how long it took (ms), how many
 * slices it read from storage and how many it solved, why a kept file was
 * refused (and built again), what is kept, and whether it grows further.
 * @typedef {BuildAnswer & { ms: number, loaded: number, solved: number, refused: string | null, kept: Kept, grows: boolean }} BuildReport
 */

/**
 * The endgame database's worker to the page: a build's report, the seed
 * count it is building now, a probe's answer with its request, or a
 * practice request's.
 * @typedef {{ built: BuildReport } | { growing: number } | { request: ProbeText, answer: ProbeAnswer }
 *   | { practice: PracticeText, answer: PracticeAnswer }} FromEndgameWorker
 */

/** Page to the mistakes' worker (mistakes-worker.js): the module, or a proof asked (its id). @typedef {ModuleMessage | { id: number, request: ProveText }} ToMistakesWorker */

/** The mistakes' worker to the page: a proof's answer and how long it took (ms). @typedef {{ id: number, answer: ProveAnswer, ms: number }} FromMistakesWorker */

/** Page to the service worker (offline.js to sw.js): the engine's file to keep, at `keep` (its URL), with its type. @typedef {{ keep: string, body: ArrayBuffer, type: string }} KeepMessage */

export {};
