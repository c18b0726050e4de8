import { describe, expect, it } from "vitest";
import { imageSrc, linkHref, safeHref } from "../../generator/render/shared/url-policy.ts";

const base = "https://org.github.io/sprint/";

describe("links from record text", () => {
  it.each([
    ["https://example.org/a?b=c", "https://example.org/a?b=c"],
    ["http://example.org", "http://example.org/"],
    ["mailto:team@example.org", "mailto:team@example.org"],
    ["#fields", "#fields"],
    ["/developers.html", "https://org.github.io/sprint/developers.html"],
    ["images/a.svg", "https://org.github.io/sprint/images/a.svg"],
    ["javascript:alert(1)", undefined],
    ["JaVaScRiPt:alert(1)", undefined],
    ["java\tscript:alert(1)", undefined],
    ["java%09script:alert(1)", undefined],
    ["data:text/html,<script>alert(1)</script>", undefined],
    ["file:///etc/passwd", undefined],
    ["vbscript:msgbox(1)", undefined],
    ["//evil.example/", undefined],
    ["/\\evil.example/", undefined],
    ["../../etc/passwd", undefined],
    ["images/../../x", undefined],
    ["%2e%2e/x", undefined],
    ["https://", undefined],
  ])("%j becomes %j", (url, expected) => {
    expect(linkHref(url, base)).toBe(expected);
  });
});

describe("images from record text", () => {
  it.each([
    ["https://cdn.example.org/a.png", "https://cdn.example.org/a.png"],
    ["images/alpha.svg", "https://org.github.io/sprint/images/alpha.svg"],
    ["/images/alpha.svg", "https://org.github.io/sprint/images/alpha.svg"],
    ["http://cdn.example.org/a.png", undefined],
    ["data:image/svg+xml,<svg onload=alert(1)>", undefined],
    ["javascript:alert(1)", undefined],
    ["../secret.png", undefined],
    ["//evil.example/a.png", undefined],
  ])("%j becomes %j", (url, expected) => {
    expect(imageSrc(url, base)).toBe(expected);
  });
});

describe("URL fields of records", () => {
  it.each([
    ["https://github.com/example/repo", "https://github.com/example/repo"],
    ["https://example.org/v?a='x'", "https://example.org/v?a=%27x%27"],
    ["ftp://example.org/", undefined],
    ["javascript:alert(1)", undefined],
    [null, undefined],
  ])("%j becomes %j", (url, expected) => {
    expect(safeHref(url)).toBe(expected);
  });
});
