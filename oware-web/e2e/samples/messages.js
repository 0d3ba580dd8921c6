// One sample of every message the module sends, as the module writes it.
// Written by `cargo test -p oware-web` (src/samples.rs), which fails when
// the module's messages differ from this file (UPDATE_SAMPLES=1 writes it
// again); `cargo xtask site --types` checks each against its type in
// site/messages.js. Not edited by hand.

/** @import { BuildAnswer, GameStateJson, IllegalMove, Info, IterationEvent, OpenAnswer, PanicEvent, ProbeAnswer, ProveAnswer, PuzzleAnswer, Refusal, RootEvent, SaveAnswer, SearchAnswer, SearchDone, StartEvent } from '../../site/messages.js' */

/** `state::answer("rules=abapa moves=EcAb")` @type {GameStateJson} */
export const gameState = {"ok":true,"rules":"abapa","moveLimit":null,"start":null,"moves":"EcAb","cells":[1,6,5,5,1,6,5,0,1,6,6,6,0,0],"toMove":"south","legal":"ABCDEF","sowings":{"A":[1],"B":[2,3,4,5,6,7],"C":[3,4,5,6,7],"D":[4,5,6,7,8],"E":[5],"F":[6,7,8,9,10,11]},"last":{"house":"b","seat":"north","sown":[8,9,10,11,0],"captured":[],"seeds":0},"movesWithoutCapture":4,"occurrences":1,"outcome":null};

/** `state::answer("start=0-2-0-0-0-0-0-0-0-0-0-1-23-22-N moves=f")` @type {GameStateJson} */
export const gameOver = {"ok":true,"rules":"abapa","moveLimit":null,"start":"0-2-0-0-0-0-0-0-0-0-0-1-23-22-N","moves":"f","cells":[1,2,0,0,0,0,0,0,0,0,0,0,23,22],"toMove":"south","legal":"","sowings":{},"last":{"house":"f","seat":"north","sown":[0],"captured":[],"seeds":0},"movesWithoutCapture":1,"occurrences":1,"outcome":{"winner":"south","reason":"the opponent could not be fed","text":"South wins 26–22 (the opponent could not be fed)","seeds":[26,22],"ending":"South could not feed North: the 3 seeds on South's row go to South.","gather":[{"house":0,"seat":"south","seeds":1},{"house":1,"seat":"south","seeds":2}],"cells":[0,0,0,0,0,0,0,0,0,0,0,0,26,22]}};

/** `state::answer("moves=E play=c proof=north:cA endgame=south:")` @type {GameStateJson} */
export const proofsCarried = {"ok":true,"rules":"abapa","moveLimit":null,"start":null,"moves":"Ec","cells":[5,5,4,4,0,5,5,5,0,5,5,5,0,0],"toMove":"south","legal":"ABCDF","sowings":{"A":[1,2,3,4,5],"B":[2,3,4,5,6],"C":[3,4,5,6],"D":[4,5,6,7],"F":[6,7,8,9,10]},"last":{"house":"c","seat":"north","sown":[9,10,11,0,1],"captured":[],"seeds":0},"movesWithoutCapture":2,"occurrences":1,"outcome":null,"proof":{"kind":"win","winner":"north","line":"A"},"endgame":{"kind":"win","winner":"south","line":""}};

/** `state::answer("moves=E play=A")` @type {IllegalMove} */
export const illegalMove = {"ok":false,"illegal":"A","error":"house A is South's, and North is to move"};

/** `state::answer("colour=red")` @type {Refusal} */
export const stateRefused = {"ok":false,"error":"unknown request key `colour`"};

/** `think::start_json` @type {StartEvent} */
export const start = {"type":"start","limits":{"depth":3,"nodes":null,"ms":1000,"clock":{"remaining":60000,"increment":2000}}};

/** `think::event_json` @type {RootEvent} */
export const root = {"type":"root","depth":2,"house":"E","score":{"text":"+1.50","short":"+1.50","centi":150,"proven":null}};

/** `think::event_json` @type {IterationEvent} */
export const iteration = {"type":"iteration","depth":3,"score":{"text":"win in 3","short":"win 3","centi":99997,"proven":"win","plies":3},"best":"E","pv":"EcA","rootScores":[["E",{"text":"win in 3","short":"win 3","centi":99997,"proven":"win","plies":3}],["A",{"text":"-1.25","short":"-1.25","centi":-125,"proven":null}],["B",{"text":"draw","short":"draw","centi":0,"proven":"draw"}],["C",{"text":"loss in 4","short":"loss 4","centi":-99996,"proven":"loss","plies":4}]],"proof":{"kind":"win","winner":"south","line":"EcA"},"nodes":1234,"ms":7};

/** `think::panic_json` @type {PanicEvent} */
export const panic = {"type":"panic","message":"index out of bounds"};

/** `think::result_with(judge=A)` @type {SearchDone} */
export const result = {"ok":true,"type":"result","best":"E","depth":6,"score":{"text":"+0.75","short":"+0.75","centi":75,"proven":null},"pv":"Ec","rootScores":[["E",{"text":"+0.75","short":"+0.75","centi":75,"proven":null}],["A",{"text":"-2.50","short":"-2.50","centi":-250,"proven":null}]],"proof":null,"nodes":98765,"ms":42,"judgement":{"played":{"text":"-2.50","short":"-2.50","centi":-250,"proven":null},"best":"E","bestScore":{"text":"+0.75","short":"+0.75","centi":75,"proven":null},"mark":"?"}};

/** `think::result_with(book, judge=D)` @type {SearchDone} */
export const bookResult = {"ok":true,"type":"result","book":true,"best":"E","depth":6,"score":{"text":"win in 3","short":"win 3","centi":99997,"proven":"win","plies":3},"pv":"Ec","rootScores":[["E",{"text":"win in 3","short":"win 3","centi":99997,"proven":"win","plies":3}],["A",{"text":"-1.25","short":"-1.25","centi":-125,"proven":null}],["B",{"text":"draw","short":"draw","centi":0,"proven":"draw"}],["C",{"text":"loss in 4","short":"loss 4","centi":-99996,"proven":"loss","plies":4}]],"proof":{"kind":"win","winner":"south","line":"Ec"},"nodes":98765,"ms":42,"judgement":null};

/** `think::answer("level=20")` @type {SearchAnswer} */
export const searchRefused = {"ok":false,"error":"bad value for `level`: there is no level 20: levels are 1 to 19"};

/** `info::answer()` @type {Info} */
export const info = {"levels":{"min":1,"max":19},"endgameSeeds":10,"endgameMaxSeeds":16,"rules":[{"name":"abapa","about":"a position's third occurrence ends the game"},{"name":"sowing","about":"a position's third occurrence ends the game; so do 100 moves without a capture"},{"name":"awari","about":"no grand slam unless every move is one; a position's third occurrence ends the game"},{"name":"awari-split","about":"no grand slam unless every move is one; a position's third occurrence ends the game; splitting the seeds left evenly"},{"name":"auale","about":"a position coming back ends the game"}]};

/** `record::save("moves=Ec seat=south level=7 date=2026.11.30")` @type {SaveAnswer} */
export const saved = {"ok":true,"ogn":"[Variant \"Oware Abapa\"]\n[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.11.30\"]\n[Round \"?\"]\n[South \"?\"]\n[North \"oware level 7\"]\n[Result \"*\"]\n\n1. E c *\n"};

/** `record::open("[Variant \"sowing\"]\n\n1. E c *\n")` @type {OpenAnswer} */
export const opened = {"ok":true,"rules":"sowing","start":null,"moves":"Ec"};

/** `record::open("1. E c 2. E *")` @type {OpenAnswer} */
export const openRefused = {"ok":false,"error":"line 1, column 11: move 2, `E` (South's), is illegal: house E is empty","line":1,"column":11};

/** `endgame::built_json(abapa, 6 seeds)` @type {BuildAnswer} */
export const built = {"ok":true,"ruleset":"abapa","seeds":6,"positions":18564,"bytes":37128,"nextBytes":63648};

/** `endgame::built_json(none)` @type {BuildAnswer} */
export const builtNone = {"ok":true,"ruleset":null};

/** `endgame::answer("")` @type {ProbeAnswer} */
export const probeOutside = {"ok":true,"within":false};

/** `endgame::answer("start=0-0-0-0-0-1-1-0-0-0-1-1-24-20-S")` @type {ProbeAnswer} */
export const probeWin = {"ok":true,"within":true,"lo":4,"hi":4,"result":"win","winner":"south"};

/** `endgame::answer("start=0-0-0-0-0-1-0-0-0-0-0-1-22-24-S")` @type {ProbeAnswer} */
export const probeOpen = {"ok":true,"within":true,"lo":-2,"hi":2,"result":null};

/** `endgame::answer("start=0-0-0-0-0-1-0-0-0-0-0-0-24-23-S")` @type {ProbeAnswer} */
export const probeDraw = {"ok":true,"within":true,"lo":-1,"hi":-1,"result":"draw"};

/** `endgame::answer("colour=red")` @type {ProbeAnswer} */
export const probeRefused = {"ok":false,"error":"unknown request key `colour`"};

/** `puzzle::answer("date=2026-12-07")` @type {PuzzleAnswer} */
export const puzzleDaily = {"ok":true,"puzzle":{"id":"545eqq","rules":"auale","start":"0-0-0-0-0-1-0-0-0-4-7-0-15-21-N","solver":"north","goal":"win","goalWords":"North to move and force a win","themes":["25th-seed","endgame"],"rating":600,"proofWords":"North can force a win: proved by the search to depth 10 with the endgame database (12 seeds), each database position reached by a capture; at each of your turns every other move is proven to fall short.","line":[{"house":"e","words":"North sows e and takes 2"},{"house":"A","words":"South sows A"},{"house":"d","words":"North sows d and takes 3"}]},"next":"e"};

/** `puzzle::answer("date=2026-12-07 play=E player=1500,350,0.06 result=missed")` @type {PuzzleAnswer} */
export const puzzleTried = {"ok":false,"error":"bad value for `play`: E is not a legal move here"};

/** `puzzle::answer("colour=red")` @type {PuzzleAnswer} */
export const puzzleRefused = {"ok":false,"error":"unknown request key `colour`"};

/** `mistakes::answer("start=0-1-0-0-0-1-2-0-0-0-0-1-22-21-S")` @type {ProveAnswer} */
export const proved = {"ok":true,"puzzle":{"id":"ekr5we","rules":"abapa","start":"0-1-0-0-0-1-2-0-0-0-0-1-22-21-S","solver":"south","goal":"win","goalWords":"South to move and force a win","themes":["25th-seed","endgame"],"rating":600,"proofWords":"South can force a win: proved by the search to depth 16, every line played to the end of the game; at each of your turns every other move is proven to fall short.","line":[{"house":"F","words":"South sows F and takes 3"}]},"code":"4f57415245505a0a0100100cc80000000100000017000000cb2d96eda13ed8f60000000100000001020000000001161588005802100105"};

/** `mistakes::answer("")` @type {ProveAnswer} */
export const provedNone = {"ok":true,"puzzle":null,"code":null};

/** `mistakes::answer("colour=red")` @type {ProveAnswer} */
export const proveRefused = {"ok":false,"error":"unknown request key `colour`"};
