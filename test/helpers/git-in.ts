import { execFileSync } from "node:child_process";

/**
 * Runs git in `cwd` as the tests' own committer, away from this machine's git settings (HOME is the
 * folder, PATH alone from the caller): what a test repository holds is what the test made. Its
 * standard output.
 */
export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
    cwd,
    stdio: ["ignore", "pipe", "ignore"],
    env: { PATH: process.env.PATH!, HOME: cwd },
  }).toString();
}
