// The page's one lookup of an element by its id, for every module that draws.

/** The element with id `id` (or null). */
export const $ = (id) => document.getElementById(id);
