import { describe, expect, it } from "vitest";
import { videoEmbed } from "../../generator/render/shared/video-embed.ts";

const YOUTUBE = "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1";
const VIMEO = "https://player.vimeo.com/video/1084537?dnt=1&autoplay=1";

describe("a project's video link", () => {
  it.each([
    ["https://www.youtube.com/watch?v=aqz-KE-bpKQ", YOUTUBE],
    ["https://youtube.com/watch?v=aqz-KE-bpKQ&t=42s", YOUTUBE],
    ["http://m.youtube.com/watch?feature=share&v=aqz-KE-bpKQ", YOUTUBE],
    ["https://youtu.be/aqz-KE-bpKQ", YOUTUBE],
    ["https://youtu.be/aqz-KE-bpKQ?si=abc", YOUTUBE],
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", YOUTUBE],
    ["https://WWW.YouTube.com/watch?v=aqz-KE-bpKQ#comments", YOUTUBE],
    ["https://vimeo.com/1084537", VIMEO],
    ["https://www.vimeo.com/1084537/", VIMEO],
  ])("%s plays from the privacy-enhanced host", (url, src) => {
    expect(videoEmbed(url)?.src).toBe(src);
  });

  it("names its host for the poster", () => {
    expect(videoEmbed("https://youtu.be/aqz-KE-bpKQ")).toEqual({ host: "YouTube", src: YOUTUBE });
    expect(videoEmbed("https://vimeo.com/1084537")).toEqual({ host: "Vimeo", src: VIMEO });
  });

  // Anything else stays a link: a look-alike host, another path, an id of the wrong shape, a port.
  it.each([
    null,
    "https://example.org/videos/lane-keeper.mp4",
    "https://www.youtube.com/watch?v=aqz-KE-bpK",
    "https://www.youtube.com/watch?v=aqz-KE-bpKQQ",
    "https://www.youtube.com/watch?v=aqz-KE-bpK%51",
    "https://www.youtube.com/watch?v=aqz-KE-bpKQ&v=xxxxxxxxxxx",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/playlist?list=PL0123456789",
    "https://www.youtube.com/embed/aqz-KE-bpKQ",
    "https://www.youtube.com/shorts/aqz-KE-bpKQ/extra",
    "https://www.youtube.com:8443/watch?v=aqz-KE-bpKQ",
    "https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ",
    "https://evil.example/youtube.com/watch?v=aqz-KE-bpKQ",
    "https://notyoutube.com/watch?v=aqz-KE-bpKQ",
    "https://youtu.be/",
    "https://youtu.be/aqz-KE-bpKQ/more",
    "https://vimeo.com/channels/staffpicks/1084537",
    "https://vimeo.com/1084537/abcdef1234",
    "https://vimeo.com/108453x",
    "https://vimeo.com/12345678901234",
    "https://player.vimeo.com/video/1084537",
    "ftp://vimeo.com/1084537",
    "javascript:alert(1)//youtu.be/aqz-KE-bpKQ",
    "https://youtu.be/aqz-KE-bp\tKQ",
  ])("%j stays a link", (url) => {
    expect(videoEmbed(url)).toBeUndefined();
  });
});
