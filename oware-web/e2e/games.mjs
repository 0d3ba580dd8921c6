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
