// The page's sounds, made on the spot with WebAudio (no sound files): a
// soft wooden tick for each seed sown, a bright two-note chime for a
// capture, and a short phrase at the game's end (rising for a win, falling
// for a loss, level for a draw). "Sounds" in Settings turns them off, and
// the choice is kept (localStorage). With reduced motion asked for, a move
// is one tick rather than one a seed: the seeds are not drawn one by one
// either (sowing.js). Browsers offer no setting for sound to follow: the
// switch is the player's.
//
// A browser lets a page play sound only after the player has done
// something on it, so the audio starts at the first sound asked for, which
// always follows a click or a key; where WebAudio is missing or refused,
// the page plays on in silence.

/** @import { LastMove } from './game.js' */
/** @import { Verdict } from './score.js' */

const SOUND_KEY = 'oware.sound';
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
/** The most ticks one move makes, however many seeds it sows (s). */
const MOST_TICKS = 12;
/** The time between two ticks (s). */
const TICK_GAP = 0.06;

/** The sounds' names, as `played` records them (for the tests: see `window.oware` in app.js). @typedef {'sow' | 'capture' | Verdict} SoundName */

export class Sounds {
  constructor() {
    /** Whether sounds are on (the setting; on unless turned off). */
    this.on = readSetting();
    /** The sounds asked for while on, in order: the page's debug record. @type {SoundName[]} */
    this.played = [];
    /** The audio, made at the first sound. @type {AudioContext | null} */
    this.audio = null;
  }

  /** Wires the Settings switch `box`. @param {HTMLInputElement} box */
  setUp(box) {
    box.checked = this.on;
    box.addEventListener('change', () => {
      this.on = box.checked;
      try {
        localStorage.setItem(SOUND_KEY, this.on ? '1' : '0');
      } catch {
        // Nothing kept: the choice holds for this visit.
      }
    });
  }

  /** A move sown (`last`): a tick a seed (one under reduced motion), then a chime if it captured. @param {LastMove} last */
  move(last) {
    const ticks = reducedMotion.matches ? 1 : Math.min(last.sown.length, MOST_TICKS);
    this.play('sow', (audio, at) => {
      for (let k = 0; k < ticks; k += 1) tick(audio, at + k * TICK_GAP);
    });
    if (last.seeds > 0) {
      this.play('capture', (audio, at) => {
        const start = at + ticks * TICK_GAP;
        note(audio, start, 880, 0.12, 0.18);
        note(audio, start + 0.09, 1320, 0.18, 0.14);
      });
    }
  }

  /** The game's end, for the player. @param {Verdict} verdict */
  end(verdict) {
    /** Each note's pitch (Hz), a beat apart. */
    const phrase = verdict === 'won' ? [523, 659, 784, 1047] : verdict === 'lost' ? [392, 349, 311, 262] : [440, 440];
    this.play(verdict, (audio, at) => {
      phrase.forEach((pitch, k) => note(audio, at + 0.25 + k * 0.16, pitch, 0.3, 0.16));
    });
  }

  /** Plays `name`, drawn by `draw(audio, now)`, if sounds are on. @param {SoundName} name @param {(audio: AudioContext, at: number) => void} draw */
  play(name, draw) {
    if (!this.on) return;
    this.played.push(name);
    try {
      this.audio ??= new AudioContext();
      if (this.audio.state === 'suspended') this.audio.resume().catch(() => {});
      draw(this.audio, this.audio.currentTime);
    } catch {
      // No audio here: the game goes on without sound.
    }
  }
}

/** Whether the kept setting leaves sounds on. */
function readSetting() {
  try {
    return localStorage.getItem(SOUND_KEY) !== '0';
  } catch {
    return true;
  }
}

/** A seed dropping into a wooden house: a short burst of filtered noise. @param {AudioContext} audio @param {number} at */
function tick(audio, at) {
  const length = Math.floor(audio.sampleRate * 0.03);
  const buffer = audio.createBuffer(1, length, audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const source = audio.createBufferSource();
  source.buffer = buffer;
  const filter = audio.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = 1800 + Math.random() * 600;
  filter.Q.value = 4;
  const gain = audio.createGain();
  gain.gain.value = 0.5;
  source.connect(filter).connect(gain).connect(audio.destination);
  source.start(at);
}

/**
 * A soft bell-like note of `pitch` Hz at `at`, `length` seconds long, at `level`.
 * @param {AudioContext} audio @param {number} at @param {number} pitch @param {number} length @param {number} level
 */
function note(audio, at, pitch, length, level) {
  const osc = audio.createOscillator();
  osc.type = 'triangle';
  osc.frequency.value = pitch;
  const gain = audio.createGain();
  gain.gain.setValueAtTime(0, at);
  gain.gain.linearRampToValueAtTime(level, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.001, at + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}
