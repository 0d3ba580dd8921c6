// The page's one lookup of an element by its id, for every module that draws.
// Every id asked for is in index.html: a missing one is the page's mistake,
// said at once by name rather than later as a property of null. And the one
// maker of an SVG element, for the board and the graph.

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The element with id `id`, checked to be a `kind` (an HTMLElement unless
 * said: `$('level', HTMLSelectElement)`, `$('eval-graph', SVGSVGElement)`).
 * @overload
 * @param {string} id
 * @returns {HTMLElement}
 */
/**
 * @template {Element} T
 * @overload
 * @param {string} id
 * @param {{ new (): T, prototype: T }} kind
 * @returns {T}
 */
/**
 * @param {string} id
 * @param {{ new (): Element, prototype: Element }} [kind]
 * @returns {Element}
 */
export function $(id, kind = HTMLElement) {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) throw new Error(`the page has no ${kind.name} #${id}`);
  return element;
}

/**
 * A new SVG element `name` with `attributes`, added to `parent` if given.
 * @param {string} name
 * @param {Record<string, string | number>} [attributes]
 * @param {Element | null} [parent]
 */
export function svgElement(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}
