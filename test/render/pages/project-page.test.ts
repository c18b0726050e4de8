import { appendFile, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSite } from "../../helpers/build-site.ts";
import { fixtureRoot } from "../../helpers/fixture-root.ts";

/** The valid fixture event with alpha-bot given tags, a demo and `video`, built and read back. */
async function built(video: string | null, more = "") {
  const root = await fixtureRoot();
  const file = join(root, "records/projects/alpha-bot.yaml");
  await writeFile(file, (await readFile(file, "utf8")).replace(/^video:.*\n/m, ""));
  await appendFile(file, `video: ${video ?? "null"}\n${more}`);
  const out = await buildSite(root, "https://example.org/");
  return (path: string) => readFile(join(out, path), "utf8");
}

/** Every address the page would load by itself: src attributes, stylesheets and icons. */
const loads = (page: string) =>
  [...page.matchAll(/\b(?:src|href)="([^"]+)"/g)]
    .filter((m) => /\bsrc=|rel="(?:stylesheet|icon)"/.test(page.slice(m.index - 40, m.index + m[0].length)))
    .map((m) => m[1]!);

describe("a project page", () => {
  it("lists what the project is built with and links its demo", async () => {
    const read = await built(
      null,
      "builtWith: [ROS 2, PyTorch]\ndemo: https://demo.example.org/alpha?x=1&y=2\n",
    );
    const page = await read("projects/alpha-bot.html");
    expect(page).toContain(
      `<dt>Built with</dt><dd><ul class="tags" aria-label="Built with"><li><bdi>ROS 2</bdi></li><li><bdi>PyTorch</bdi></li></ul></dd>`,
    );
    expect(page).toContain(
      `<dt>Demo</dt><dd><a href="https://demo.example.org/alpha?x=1&amp;y=2">https://demo.example.org/alpha?x=1&amp;y=2</a></dd>`,
    );
    const other = await read("projects/beta-sim.html");
    expect(other).not.toContain("<dt>Built with</dt>");
    expect(other).not.toContain("<dt>Demo</dt>");
  });

  it("puts a YouTube video behind a poster that links to it, and loads nothing from YouTube", async () => {
    const read = await built("https://youtu.be/aqz-KE-bpKQ?t=5");
    const page = await read("projects/alpha-bot.html");
    expect(page).toContain(
      `<a class="video-poster" href="https://youtu.be/aqz-KE-bpKQ?t=5" data-embed="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1" data-title="Video: Alpha Bot">`,
    );
    expect(page).toContain(`<span class="video-title" dir="auto">Alpha Bot</span>`);
    expect(page).toMatch(/Play the video <span class="video-host">from YouTube/);
    // The poster is the site's own: no thumbnail, script or frame from the video's host.
    for (const address of loads(page)) expect(address).not.toMatch(/youtube|ytimg|youtu\.be|vimeo/);
    // The link in the facts stays, for anyone who wants the address.
    expect(page).toContain(`<dt>Video or slides</dt><dd><a href="https://youtu.be/aqz-KE-bpKQ?t=5">`);
  });

  it("plays a Vimeo video from player.vimeo.com with dnt=1", async () => {
    const page = await (await built("https://vimeo.com/1084537"))("projects/alpha-bot.html");
    expect(page).toContain(`data-embed="https://player.vimeo.com/video/1084537?dnt=1&amp;autoplay=1"`);
    expect(page).toMatch(/from Vimeo/);
  });

  it("leaves any other video link a link, and shows no poster without a video", async () => {
    for (const video of [
      "https://example.org/videos/alpha.mp4",
      "https://vimeo.com/channels/x/1084537",
      null,
    ]) {
      const page = await (await built(video))("projects/alpha-bot.html");
      expect(page, String(video)).not.toContain("video-poster");
      expect(page, String(video)).not.toContain("data-embed");
      if (video) expect(page).toContain(`<dt>Video or slides</dt><dd><a href="${video}">${video}</a></dd>`);
    }
  });

  it("allows frames from the two privacy-enhanced players alone, on every page", async () => {
    const read = await built("https://youtu.be/aqz-KE-bpKQ");
    for (const path of ["projects/alpha-bot.html", "projects/beta-sim.html", "index.html"]) {
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/
        .exec(await read(path))![1]!
        .replaceAll("&#39;", "'");
      const frames = policy.split("; ").filter((d) => /^(frame|child)-src /.test(d));
      expect(frames, path).toEqual(["frame-src https://www.youtube-nocookie.com https://player.vimeo.com"]);
      expect(policy, path).toContain("default-src 'none'");
    }
  });
});
