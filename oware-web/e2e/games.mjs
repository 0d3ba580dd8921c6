// Transcripts of real games (played by the engine against itself), cut just
// before their ends, for the tests that finish a game.

/** South to move; E wins at once, 26–15 (25 seeds captured). */
export const SOUTH_WINS_WITH_E = 'AeBcFaEaCbAcDaFbEaAcCeBbAcDdFeCfEeCfFcEaAdDaBeDcFdCfDeAaBfDb';

/** Two moves earlier in the same game: South to move can force a win in 3. */
export const SOUTH_WINS_IN_3 = SOUTH_WINS_WITH_E.slice(0, -2);

/** South to move; F repeats a position for the third time: a draw, 24–24. */
export const DRAW_WITH_F =
  'DdEcFdCfBeFcAfDbEbDcFbEcCbDdFaFeEfAcDdAfAeBdAfEeCfFfEeFcDfAbAfAdAaEeFcBaEbAcDeCdEfAeBfFaAbCdDcFaEaBd' +
  'CeAbDfAcBdDeEfAbFbBcCdDaEbFeAbBcCdDaEeAbFcBfBdCeDfEaAbBcFaCbDcEdFfAeBaCbDcEdFfAeBfCaDbAcEd';

/** South to move; best play on both sides is a draw (24–24, when North
 * cannot be fed), and the search proves it. */
export const DRAW_FORCED =
  'FaBdEaDaBeCfDdCeEbBaCeFbAaDdAcFaDbBcEaFaCbAdAcBdDaFbEcFdCfEbDcEdBeCbFfAaBdDbCdDeBfBcAdCeBfEbBaFaDaAb' +
  'CcBfAeDdBeCfFbBaEaFaDbEdCeAcDdFeBaEaCfAbDcEdFeBfCaBbDcFdAaCbDeBcEaCfBbAcCdBfDeAfFaBbCdDcAdEaBbFeAdCa' +
  'DbEfAeBfAcCeDdFeBbCaEcFaDdEfFeAaBfAbBdCcEdFeAfBaDaCbFdDcEdAeAfFaBbCcDdEeAfFbBaAcBbCcEdDfAeFfEaFaBbCd' +
  'DeAfAcEdBeCfFaAbDcBdFaCeEfDbFcAaEdFeBbCaDbEfFcAeBaCfDbEcAdFfBaAbBeCfDcAdEe';

/** A short game, South to move after it. */
export const SHORT_GAME = 'AeBcFa';

/**
 * The 14 cells (A–F, a–f, South's store, North's) after the first moves of
 * SHORT_GAME, worked out by hand from the opening: A sows B–E; e sows f, A,
 * B, C; B sows C–F, a, b. Nothing is captured.
 */
export const OPENING = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0];
export const AFTER_A = [0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0, 0];
export const AFTER_AE = [1, 6, 6, 5, 5, 4, 4, 4, 4, 4, 0, 5, 0, 0];
export const AFTER_AEB = [1, 0, 7, 6, 6, 5, 5, 5, 4, 4, 0, 5, 0, 0];
