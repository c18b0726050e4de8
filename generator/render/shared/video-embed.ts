import { html, type Html } from "./html.ts";
import { safeHref } from "./url-policy.ts";

/** A video a project page may embed: its host's name and the privacy-enhanced player's address. */
export interface VideoEmbed {
  host: "YouTube" | "Vimeo";
  src: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);

/**
 * The player for a video link, read strictly: youtube.com/watch?v=<id>, youtu.be/<id>,
 * youtube.com/shorts/<id> and vimeo.com/<digits>, nothing else; any other link stays a link. The
 * player is the host's privacy-enhanced one (no cookies before playing; Vimeo told not to track),
 * and starts at once, as the reader's click asked. site.js checks the address again before it loads
 * it, and the pages' Content-Security-Policy allows frames from these two players alone.
 */
export function videoEmbed(url: string | null): VideoEmbed | undefined {
  const href = safeHref(url);
  if (!href) return undefined;
  const parsed = new URL(href);
  if (parsed.port !== "" || parsed.username !== "" || parsed.password !== "") return undefined;
  const host = parsed.hostname;
  const path = parsed.pathname;
  let id: string | undefined;
  if (YOUTUBE_HOSTS.has(host) && path === "/watch") {
    // The raw query: one v, of an id's exact shape; a percent-encoded id is nobody's real link.
    const values = parsed.search
      .slice(1)
      .split("&")
      .filter((pair) => pair.startsWith("v="));
    id = values.length === 1 ? values[0]!.slice(2) : undefined;
  } else if (YOUTUBE_HOSTS.has(host)) id = /^\/shorts\/([^/]+)$/.exec(path)?.[1];
  else if (host === "youtu.be") id = /^\/([^/]+)$/.exec(path)?.[1];
  else if (VIMEO_HOSTS.has(host)) {
    const vimeo = /^\/([0-9]{1,12})\/?$/.exec(path)?.[1];
    return vimeo
      ? { host: "Vimeo", src: `https://player.vimeo.com/video/${vimeo}?dnt=1&autoplay=1` }
      : undefined;
  }
  return id && YOUTUBE_ID.test(id)
    ? { host: "YouTube", src: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` }
    : undefined;
}

/**
 * A video as a poster of the site's own: the project's title on the event's colour and a play
 * button. It links to the video, so without JavaScript it is a link; site.js swaps in the player on
 * a click. Nothing is fetched from the video's host before that, not even its thumbnail.
 */
export function videoPoster(title: string, video: string, embed: VideoEmbed): Html {
  return html`<section class="video" aria-labelledby="video">
<h2 id="video">Video</h2>
${videoPosterLink(title, video, embed)}</section>
`;
}

/** The poster itself, a link: the judging page shows it under each project too. */
export function videoPosterLink(title: string, video: string, embed: VideoEmbed): Html {
  return html`<a class="video-poster" href="${video}" data-embed="${embed.src}" data-title="Video: ${title}">
<span class="video-title" dir="auto">${title}</span>
<span class="play" aria-hidden="true"></span>
<span class="video-label">Play the video <span class="video-host">from ${embed.host}; nothing loads from it until you do</span></span>
</a>
`;
}
