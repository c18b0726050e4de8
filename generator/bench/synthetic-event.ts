import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "../repo-root.ts";

/**
 * A deterministic synthetic event of any size, for the benchmark and the fast-path tests: the
 * example event and site, plus `teams` team records and `projects` project records with realistic
 * field sizes (a project is about 1.8 KB with ~800 characters of Markdown and a fenced code block)
 * and every optional case represented. `warnings` (0 to 1) is the share of records that carry a
 * warning, as real ones do: a robot the event does not list, or skills wanted by a full team. The
 * records chosen do not depend on the seed, and the rest are the same with or without warnings.
 */
export interface SyntheticSize {
  teams: number;
  projects: number;
  seed?: number;
  warnings?: number;
}

/** Whether record `i` carries a warning: a fixed scatter, about `share` of all records. */
function warned(i: number, share: number): boolean {
  return ((Math.imul(i + 1, 2654435761) >>> 0) % 1000) / 1000 < share;
}

const SKILLS = [
  "Python",
  "C++",
  "ROS 2",
  "PyTorch",
  "CAD",
  "Control theory",
  "Computer vision",
  "Embedded C",
  "SLAM",
  "Rust",
  "3D printing",
  "Reinforcement learning",
];
const ROBOTS = ["SO-100 arm", "TurtleBot 4", "Unitree Go2", "Crazyflie 2.1"];
const TRACKS = ["sim", "hardware", "both", null];
const WORDS =
  "robot grasp policy sensor lidar camera torque planner swarm gripper simulation calibration dataset latency controller trajectory odometry servo battery payload".split(
    " ",
  );

/** mulberry32: small, fast and the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Project `i`'s demo needs, from its index alone: a tenth need power, a fortieth a large space too. */
const needsOf = (i: number): string => (i % 40 === 7 ? "power, large" : i % 10 === 3 ? "power" : "");

/**
 * An expo floor with room for `projects` of them and a few more (late ones): the hardware track's
 * projects in its arena, those that need power in the workshop, the rest in the main hall.
 */
function floorFor(projects: number): string {
  let [hall, workshop, arena] = [0, 0, 0];
  for (let i = 0; i < projects; i++) {
    if (i % 7 !== 0 && TRACKS[i % TRACKS.length] === "hardware") arena++;
    else if (needsOf(i)) workshop++;
    else hall++;
  }
  const room = (n: number) => n + Math.ceil(n / 20) + 1;
  return `expo:
  areas:
    - name: Main hall
      tables: ${room(hall)}
    - name: Workshop
      tables: ${room(workshop)}
      power: true
      large: true
    - name: Robot arena
      tables: ${room(arena)}
      power: true
      large: true
      track: hardware
`;
}

export async function writeSyntheticEvent(root: string, size: SyntheticSize): Promise<void> {
  const next = random(size.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  /** Two different items, as the schemas forbid repeats. */
  const pair = <T>(list: readonly T[]): [T, T] => {
    const first = Math.floor(next() * list.length);
    return [list[first]!, list[(first + 1 + Math.floor(next() * (list.length - 1))) % list.length]!];
  };
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const sentence = (n: number) => {
    const text = words(n);
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const person = (i: number, j: number) =>
    `  - name: Person ${i}-${j} ${pick(["Okafor", "Tanaka", "Fischer", "Ortega", "Nowak", "Duarte"])}\n    github: ${j === 3 ? "null" : `user-${i}-${j}`}\n`;

  await mkdir(join(root, "records/teams"), { recursive: true });
  await mkdir(join(root, "records/projects"), { recursive: true });
  // The sample event as shipped (its tracks, robots and images), never this checkout's own event.
  const sample = join(REPO_ROOT, "test/fixtures/example");
  // Its extension goes to a team this event has, as an organiser's would.
  const event = await readFile(join(sample, "records/event.yaml"), "utf8");
  await writeFile(
    join(root, "records/event.yaml"),
    event
      .replace("team: gripper-gang", "team: team-0")
      .replace(/^expo:\n(?: .*\n)*/m, floorFor(size.projects)),
  );
  await cp(join(REPO_ROOT, "records/schemas"), join(root, "records/schemas"), { recursive: true });
  await cp(join(sample, "site"), join(root, "site"), { recursive: true });

  const files: Array<[string, string]> = [];
  const share = size.warnings ?? 0;
  for (let i = 0; i < size.teams; i++) {
    const recruiting = i % 3 === 0;
    const warning = warned(i, share);
    const members = 1 + (i % 4);
    let text = `# yaml-language-server: $schema=../schemas/team.schema.json\nname: Team ${i} ${words(2)}\nlookingForMembers: ${recruiting}\n`;
    const wanted = recruiting ? pair(SKILLS) : [];
    // A warning: a recruiting team that names no skill, or a full team that still lists one.
    if (recruiting && warning) text += "skillsWanted: []\n";
    else if (recruiting) text += `skillsWanted:\n${wanted.map((s) => `  - ${s}\n`).join("")}`;
    // Recruiting teams say who they are and how to reach them, as a real one would.
    if (recruiting)
      text += `about: ${sentence(24)}\ncontact: ${i % 2 ? `https://example.org/t/${i}` : `mailto:team-${i}@example.org`}\n`;
    else if (warning) text += "skillsWanted: [Python]\n";
    else if (i % 2) text += "skillsWanted: []\n";
    text += "members:\n";
    for (let j = 0; j < members; j++) text += `${person(i, j)}    skills: [${pair(SKILLS).join(", ")}]\n`;
    files.push([`records/teams/team-${i}.yaml`, text]);
  }
  for (let i = 0; i < size.projects; i++) {
    const track = TRACKS[i % TRACKS.length];
    const robots = i % 5 === 0 ? [] : [ROBOTS[i % 4]!, ...(i % 2 ? [ROBOTS[(i + 1) % 4]!] : [])];
    if (warned(size.teams + i, share)) robots.push("Home-built rover");
    const team = size.teams > 0 && i % 4 !== 3 ? `team-${i % size.teams}` : null;
    const images =
      i % 3 === 0
        ? []
        : i % 3 === 1
          ? ["images/soft-grasp.svg"]
          : [`https://images.example.org/p${i}/photo.jpg`];
    let text = `# yaml-language-server: $schema=../schemas/project.schema.json\ntitle: Project ${i} ${words(2)}\n`;
    text += `tagline: ${sentence(20)}\n`;
    text += i % 7 === 0 ? "" : `track: ${track}\n`;
    text += robots.length ? `robots:\n${robots.map((r) => `  - ${r}\n`).join("")}` : "robots: []\n";
    // Tags and a demo from the index alone: drawing them would change every record after this one.
    if (i % 3 !== 2) text += `builtWith: [${SKILLS[i % 12]}, ${SKILLS[(i + 5) % 12]}]\n`;
    text += `description: |\n  ${sentence(34)} ${sentence(30)}\n\n  - **${words(2)}**: ${sentence(12)}\n  - _${words(2)}_: ${sentence(10)}\n\n`;
    text += `  \`\`\`python\n  def control(state):\n      error = state.target - state.position\n      return ${i % 10} * error\n  \`\`\`\n\n`;
    text += `  ${sentence(28)} See [the repository](https://example.org/p/${i}).\n`;
    text += i % 2 ? `video: https://video.example.org/p${i}\n` : "video: null\n";
    if (i % 4 === 1) text += `demo: https://demo.example.org/p${i}\n`;
    if (needsOf(i)) text += `needs: [${needsOf(i)}]\n`;
    text += images.length ? `images:\n${images.map((m) => `  - ${m}\n`).join("")}` : "images: []\n";
    text += i % 6 === 5 ? "repo: null\n" : `repo: https://github.com/example/project-${i}\n`;
    text += "team:\n";
    for (let j = 0; j < 2 + (i % 3); j++) text += person(i, j);
    text += `teamSlug: ${team ?? "null"}\n`;
    files.push([`records/projects/project-${i}.yaml`, text]);
  }
  // Batches keep the number of open files bounded.
  for (let i = 0; i < files.length; i += 256)
    await Promise.all(files.slice(i, i + 256).map(([path, text]) => writeFile(join(root, path), text)));
}
