/*
 * The search scorer of the loveletter docs (conf.py: html_search_scorer).
 *
 * Sphinx's own scores, and one rule more: a ruling (a result whose anchor is a ruling's,
 * #ll19-..., #llc-..., #house-..., in French #fr-...) comes before the pages that merely
 * mention the words. Among rulings, the heading that holds more of the words typed, as
 * whole words (a word typed twice counts twice; the id after the heading does not count),
 * comes first; then the one that holds them in the order typed; a classic-edition ruling
 * comes after a 2019 one unless the question says "classic" ("classique"); then the
 * shorter heading.
 */
var Scorer = {
  score: (result) => {
    const [, title, anchor, , score] = result;
    const ruling = /^#(fr-)?(ll19|llc|house)-/.exec(anchor || "");
    if (!ruling) return score;
    const words = (s) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1);
    const typed = words(new URLSearchParams(window.location.search).get("q") || "");
    const heading = words(title.replace(/\s*\((?:LL19|LLC|HOUSE)-[A-Z0-9-]+\)\s*$/, ""));
    const left = [...heading];
    let whole = 0;
    for (const word of typed) {
      const at = left.indexOf(word);
      if (at >= 0) {
        whole += 1;
        left.splice(at, 1);
      }
    }
    const phrase = typed.length > 1 && ` ${heading.join(" ")} `.includes(` ${typed.join(" ")} `);
    const classic = ruling[2] === "llc" && !typed.some((w) => w.startsWith("classi"));
    return 50 + score + 10 * whole + (phrase ? 5 : 0) - (classic ? 5 : 0) - title.length / 100;
  },
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
