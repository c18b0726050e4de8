import { beforeAll, describe, expect, it } from "vitest";
import type { Model } from "../../../generator/derive/model.ts";
import { renderSite } from "../../../generator/render/render-site.ts";
import { exampleModel } from "../../helpers/example-model.ts";

let model: Model;
const built = (m: Model) => new Map(renderSite(m).map((file) => [file.path, file.body]));

beforeAll(async () => {
  model = await exampleModel("https://sprint.example.org/");
});

describe("the handbook's event directives", () => {
  it("become the event's tracks, robots, deadlines and judging criteria on the chapters", () => {
    const files = built(model);
    const rules = files.get("handbook/event-rules.html")!;
    expect(rules).toContain(
      `<dt>Sim-to-real</dt><dd>Train or test in simulation and show the same policy on a real robot. <span class="note">(<code>track: both</code>)</span></dd>`,
    );
    expect(rules).toContain(
      `<tr><th scope="row">Unitree Go2</th><td>2</td><td>Quadruped with a 4D lidar; supervised use only.</td></tr>`,
    );
    const submit = files.get("handbook/submit-a-project.html")!;
    expect(submit).toContain(
      `<li>Submissions close <time datetime="2026-12-06T14:00:00+01:00">Sun 6 Dec 2026, 14:00 CET</time></li>`,
    );
    expect(files.get("handbook/judging.html")).toContain(
      `<tr><th scope="row">Works on the day</th><td>30%</td><td>A live demo, in simulation or on hardware, that does what the team says.</td></tr>`,
    );
    // No directive is left as text anywhere.
    for (const [path, body] of files) expect(body, path).not.toMatch(/&lt;!--\s*event|<!--\s*event/);
  });

  it("say the event's scale and judges per project under the criteria, on the page and in llms-full.txt", () => {
    const files = built(model);
    const line =
      "Judges score each criterion from 1 to 5, and each project is seen by 3 judges where the event has enough.";
    expect(files.get("handbook/judging.html")).toContain(`</table>\n</div>\n<p class="note">${line}</p>`);
    expect(files.get("llms-full.txt")).toContain(line);
    const set: Model = structuredClone(model);
    set.event.judging = { perProject: 1, perJudgeMax: 40, scale: 10, seed: null, tables: [] };
    expect(built(set).get("handbook/judging.html")).toContain(
      "Judges score each criterion from 1 to 10, and each project is seen by 1 judge where the event has enough.",
    );
  });

  it("escape the event's text, on the pages and in llms-full.txt", () => {
    const hostile: Model = structuredClone(model);
    hostile.event.tracks[0]!.name = `<img src=x onerror=alert(1)>`;
    hostile.event.robots[0]!.description = `**bold** [link](javascript:alert(1)) <b>`;
    hostile.event.judgingCriteria = [{ name: "A & B", weight: 100, description: `"quoted" <i>` }];
    const files = built(hostile);
    const rules = files.get("handbook/event-rules.html")!;
    expect(rules).toContain(`<dt>&lt;img src=x onerror=alert(1)&gt;</dt>`);
    expect(rules).toContain(`<td>**bold** [link](javascript:alert(1)) &lt;b&gt;</td>`);
    expect(files.get("handbook/judging.html")).toContain(
      `<tr><th scope="row">A &amp; B</th><td>100%</td><td>&quot;quoted&quot; &lt;i&gt;</td></tr>`,
    );
    const text = files.get("llms-full.txt")!;
    expect(text).toContain("- **\\<img src=x onerror=alert(1)\\>** (`track: sim`): Build and evaluate");
    expect(text).toContain("(8 units): \\*\\*bold\\*\\* \\[link\\](javascript:alert(1)) \\<b\\>");
    expect(text).not.toContain("<!-- event");
  });

  it("are the handbook's alone: a project's description holding one shows it as text", () => {
    const copy: Model = structuredClone(model);
    copy.projects[0]!.description = "<!-- event: tracks -->";
    const page = built(copy).get(`projects/${copy.projects[0]!.slug}.html`)!;
    expect(page).toContain("<p>&lt;!-- event: tracks --&gt;</p>");
    expect(page).not.toContain("<code>track: sim</code>");
  });

  it("list the event's prizes on the judging chapter: value, how many and track, escaped", () => {
    const withPrizes: Model = structuredClone(model);
    withPrizes.event.prizes = [
      {
        id: "grand",
        name: "Grand prize",
        value: "€1,000",
        count: 1,
        description: "The best project.",
        track: null,
      },
      {
        id: "hw",
        name: "Bench <kit>",
        value: null,
        count: 2,
        description: "Best on a robot.",
        track: "hardware",
      },
    ];
    const files = built(withPrizes);
    expect(files.get("handbook/judging.html")).toContain(`<ul>
<li><strong>Grand prize</strong> (€1,000): The best project.</li>
<li><strong>Bench &lt;kit&gt;</strong> (2 prizes, Hardware track): Best on a robot.</li>
</ul>`);
    expect(files.get("llms-full.txt")).toContain(
      "- **Grand prize** (€1,000): The best project.\n- **Bench \\<kit\\>** (2 prizes, Hardware track): Best on a robot.",
    );
    withPrizes.event.prizes = [];
    expect(built(withPrizes).get("handbook/judging.html")).toContain(
      `<p class="note">The prizes are not announced yet.</p>`,
    );
  });

  it("say so when the event has no robots, deadlines or prizes", () => {
    const bare: Model = structuredClone(model);
    bare.event.robots = [];
    bare.event.deadlines = { registration: null, submission: null, extensions: [] };
    const files = built(bare);
    expect(files.get("handbook/event-rules.html")).toContain(
      "No robots are provided; bring your own hardware or work in simulation.",
    );
    expect(files.get("handbook/submit-a-project.html")).toContain("No deadline is set yet.");
    expect(files.get("llms-full.txt")).toContain("_No deadline is set yet._");
  });
});
