/** What a judging page that takes scores carries: none of it on a page where judging is over. */
export const SCORING_MARKERS = [
  "judging.js",
  "data-judging",
  "score-form",
  "<input",
  "<textarea",
  "data-download",
];
