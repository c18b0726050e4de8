import { at, field, type Rule } from "../rule.ts";

/** WCAG 2 contrast ratio of a `#rgb` or `#rrggbb` colour against white. */
export function contrastWithWhite(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join("") : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

// The accent colours links on white and is the background of white button text: both need AA.
export const eventAccentContrast: Rule = {
  name: "event-accent-contrast",
  description: "The event's accentColor has a contrast of at least 4.5:1 with white (WCAG AA).",
  check({ event }) {
    const colour = event ? field(event, "accentColor") : undefined;
    if (!event || typeof colour !== "string" || !HEX.test(colour)) return [];
    const ratio = contrastWithWhite(colour);
    if (ratio >= 4.5) return [];
    return [
      at(event, ["accentColor"], {
        severity: "error",
        rule: "event-accent-contrast",
        message: `accentColor must have a contrast of at least 4.5:1 with white (found ${colour}, ${ratio.toFixed(2)}:1)`,
        expected: "a contrast of at least 4.5:1 with white",
        found: `${colour}, ${ratio.toFixed(2)}:1`,
        fix: "Use a darker shade of the colour: links and white button text must stay readable.",
      }),
    ];
  },
};
