import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INIT_PLACEHOLDERS } from "../../../generator/contract/placeholders.ts";
import { venueLine } from "../../../generator/render/shared/venue.ts";
import { buildSite } from "../../helpers/build-site.ts";
import { fixtureRoot } from "../../helpers/fixture-root.ts";

const venue = (name: string, address: string) => ({ name, address, mapUrl: null });

describe("the venue's line", () => {
  it("says the name and the address once each: 'Online' in both shows once", () => {
    expect(venueLine(venue("Werkhalle 7", "Am Kraftwerk 7, Berlin"))).toBe(
      "Werkhalle 7, Am Kraftwerk 7, Berlin",
    );
    expect(venueLine(venue("Online", " online "))).toBe("Online");
  });

  it("says what is to be announced: the venue, or its address, never a bare 'To be announced'", () => {
    const tba = INIT_PLACEHOLDERS.venue;
    expect(venueLine(venue(tba, tba))).toBe("Venue to be announced");
    expect(venueLine(venue("TBA", "tbd"))).toBe("Venue to be announced");
    expect(venueLine(venue("Werkhalle 7", tba))).toBe("Werkhalle 7, address to be announced");
    expect(venueLine(venue(tba, "Am Kraftwerk 7, Berlin"))).toBe("Am Kraftwerk 7, Berlin");
  });

  it("says the venue is to be announced once, on the home page and in the calendar, as a new event has it", async () => {
    const root = await fixtureRoot();
    const file = join(root, "records/event.yaml");
    const placeholder = INIT_PLACEHOLDERS.venue;
    await writeFile(
      file,
      (await readFile(file, "utf8")).replace(
        /^venue:\n {2}name: .*\n {2}address: .*$/m,
        `venue:\n  name: ${placeholder}\n  address: ${placeholder}`,
      ),
    );
    const out = await buildSite(root, "https://example.org/sprint/");
    const home = await readFile(join(out, "index.html"), "utf8");
    const where = /<p class="when-where">[\s\S]*?<\/p>/.exec(home)![0];
    expect(where).toMatch(/<br>\nVenue to be announced<\/p>$/);
    const ics = await readFile(join(out, "event.ics"), "utf8");
    const locations = ics.match(/^LOCATION:.*$/gm)!;
    expect(locations.length).toBeGreaterThan(0);
    for (const line of locations) expect(line.trim()).toBe("LOCATION:Venue to be announced");
  });
});
