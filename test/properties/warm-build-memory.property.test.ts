import { describe } from "vitest";
import { warmBuildProperty } from "./warm-build-property.ts";

describe("a warm build into the previous build's folder", () => warmBuildProperty("memory"));
