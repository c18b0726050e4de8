import type { Model } from "../../derive/model.ts";

/**
 * The contract's rule for physical hardware names the sample's tracks `hardware` and `both`; an
 * event without them (one `npm run init` made) is told by its own track ids instead, never by ids
 * it does not have. The developer page and the texts for agents both ask here.
 */
export function hardwareTracks(model: Model): readonly [string, string] | undefined {
  const ids = new Set(model.event.tracks.map((t) => t.id));
  return ids.has("hardware") && ids.has("both") ? ["hardware", "both"] : undefined;
}
