import { join } from "node:path";
import { hugoContent, nodeFlags, syntheticEvent } from "./builders.ts";
import { alone, log, paired, type Pair } from "./paired.ts";
import { hugoServer, ourDev, saveToPage, type DevServer } from "./save-to-page.ts";

/**
 * `npm run dev`'s save to page replaced, from outside, on `root` (`projects` of them), paired with
 * `hugo server` on the same records when `kit` is given: both servers started (one after the
 * other, so their first builds do not compete), then saves to each in turn, A B A B.
 */
async function saveFigure(
  work: string,
  name: string,
  root: string,
  projects: number,
  runs: number,
  kit: string | undefined,
  hugoFlags: string[],
): Promise<Pair> {
  log(`npm run dev at ${name}: starting…`);
  const servers: DevServer[] = [];
  try {
    const ours = await ourDev(root, join(work, `dev-out-${name}`), nodeFlags("dev"));
    servers.push(ours);
    let hugo: DevServer | undefined;
    if (kit) {
      log(`hugo server at ${name}: starting…`);
      const content = hugoContent(kit, root, join(work, `hugo-dev-content-${name}`));
      hugo = await hugoServer(kit, content, join(work, `hugo-dev-out-${name}`), hugoFlags);
      servers.push(hugo);
    }
    // A different project each save, spread over the event.
    let n = 0;
    const save = (server: DevServer) => () => saveToPage(server, (n * 37 + 11) % projects, n++);
    const figure = `npm run dev, save to page, ${name}`;
    return hugo ? await paired(figure, runs, save(ours), save(hugo)) : await alone(figure, runs, save(ours));
  } finally {
    await Promise.all(servers.map((server) => server.served.stop()));
  }
}

/** The dev figures at the benchmark's size and at 1,000 + 1,000 (the same when the size is that). */
export async function devFigures(
  work: string,
  realistic: string,
  size: { teams: number; projects: number },
  runs: number,
  kit: string | undefined,
  fullRender: boolean,
): Promise<{ main: Pair; small: Pair }> {
  const hugoFlags = fullRender ? ["--disableFastRender"] : [];
  const main = await saveFigure(work, "main", realistic, size.projects, runs, kit, hugoFlags);
  if (size.teams === 1000 && size.projects === 1000) return { main, small: main };
  const small = await syntheticEvent(join(work, "small"), { teams: 1000, projects: 1000, warnings: 0.1 });
  return { main, small: await saveFigure(work, "small", small, 1000, runs, kit, hugoFlags) };
}
