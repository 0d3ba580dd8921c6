// The page's theme: the system's (`prefers-color-scheme`, which style.css
// follows by itself), or light or dark as the player chooses in Settings,
// remembered in localStorage for every page of the site. Each page loads
// this module, which applies the choice at once; the game page's Settings
// list is wired by `setUpTheme`.

const THEME_KEY = 'oware.theme';
/** The themes offered, the system's first. */
const THEMES = ['system', 'light', 'dark'];

/** The theme chosen, 'system' unless another was. */
function chosen() {
  try {
    const kept = localStorage.getItem(THEME_KEY);
    return kept && THEMES.includes(kept) ? kept : 'system';
  } catch {
    return 'system';
  }
}

/** Applies `theme`: style.css reads the root's `data-theme` (none: the system's). @param {string} theme */
function apply(theme) {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

apply(chosen());

/** Wires the Settings list `select` (its options the THEMES): a choice applies at once and is kept. @param {HTMLSelectElement} select */
export function setUpTheme(select) {
  select.value = chosen();
  select.addEventListener('change', () => {
    const theme = THEMES.includes(select.value) ? select.value : 'system';
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Nothing kept: the choice holds for this visit.
    }
    apply(theme);
  });
}
