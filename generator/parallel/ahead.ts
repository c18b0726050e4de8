import { MessageChannel, receiveMessageOnPort, type MessagePort } from "node:worker_threads";
import type { Model } from "../derive/model.ts";
import type { AheadLookup } from "../render/document.ts";
import { documents } from "../render/registry.ts";
import type { BuildWorkers } from "./workers.ts";

/** A per-record kind's texts for a worker to render ahead (see `DocumentKind.ahead`). */
export interface AheadTask {
  kind: string;
  baseUrl: string;
  texts: string[];
  /** Where the worker sends each chunk's HTML as soon as it is made. */
  port: MessagePort;
}

interface AheadChunk {
  from: number;
  html: string[];
  ms: number;
}

/** Texts per answer: the main thread can use the first ones while the worker renders the rest. */
const AHEAD_CHUNK = 250;

/**
 * What one worker renders ahead for every kind that declares it, while the main thread renders the
 * documents listed before those kinds. Results are taken from the port synchronously, when a page
 * asks for one, so the main thread never waits: a text not back yet is rendered by its page.
 * This is the worker's last task: it then stops, and its memory is freed while the main thread
 * still renders (10,000 + 10,000: peak memory about 30 MB lower).
 */
export class RenderedAhead {
  private readonly kinds = new Map<string, AheadResults>();
  private failure: Error | undefined;

  constructor(model: Model, workers: BuildWorkers) {
    const tasks: AheadTask[] = [];
    for (const kind of documents) {
      if (!kind.ahead) continue;
      const texts = kind.ahead.texts(model);
      const { port1, port2 } = new MessageChannel();
      tasks.push({ kind: kind.name, baseUrl: model.baseUrl, texts, port: port2 });
      this.kinds.set(kind.name, new AheadResults(texts, port1));
    }
    if (tasks.length === 0) return;
    const ports = tasks.map((task) => task.port);
    workers.run(0, { type: "ahead", tasks }, ports).catch((error: Error) => (this.failure ??= error));
  }

  lookup(kind: string): AheadLookup | undefined {
    return this.kinds.get(kind);
  }

  /** Milliseconds the worker spent on what has come back; throws the worker's error if it failed. */
  finish(): number {
    const ms = this.close();
    if (this.failure) throw this.failure;
    return ms;
  }

  /** Stops listening; returns the worker's milliseconds on what came back. */
  close(): number {
    let ms = 0;
    for (const results of this.kinds.values()) ms += results.close();
    return ms;
  }
}

class AheadResults implements AheadLookup {
  private readonly html = new Map<string, string>();
  private received = 0;
  private ms = 0;

  constructor(
    private readonly texts: readonly string[],
    private readonly port: MessagePort,
  ) {}

  /** Each text's HTML is handed out once, then let go (a repeated text renders on its page). */
  get(text: string): string | undefined {
    if (!this.html.has(text) && this.received < this.texts.length) this.drain();
    const done = this.html.get(text);
    this.html.delete(text);
    return done;
  }

  close(): number {
    this.drain();
    this.port.close();
    return this.ms;
  }

  private drain(): void {
    for (let next = receiveMessageOnPort(this.port); next; next = receiveMessageOnPort(this.port)) {
      const chunk = next.message as AheadChunk;
      chunk.html.forEach((html, i) => this.html.set(this.texts[chunk.from + i]!, html));
      this.received += chunk.html.length;
      this.ms += chunk.ms;
    }
  }
}

/** In a worker: renders the task's texts chunk by chunk, sending each chunk back as it is done. */
export function renderAhead(task: AheadTask): void {
  const ahead = documents.find((d) => d.name === task.kind)?.ahead;
  if (!ahead) throw new Error(`${task.kind} renders nothing ahead`);
  for (let from = 0; from < task.texts.length; from += AHEAD_CHUNK) {
    const started = performance.now();
    const html = ahead.render(task.texts.slice(from, from + AHEAD_CHUNK), task.baseUrl);
    const chunk: AheadChunk = { from, html, ms: performance.now() - started };
    task.port.postMessage(chunk);
  }
  task.port.close();
}
