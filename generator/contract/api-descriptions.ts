/**
 * The API's own words where a record schema's description speaks to the person editing the file
 * (file names, folders, who may edit): consumers read the published schemas, not the repository.
 * Keyed by record kind, then property ("" for the record itself).
 */
export const API_DESCRIPTIONS: Record<string, Record<string, string>> = {
  project: {
    "": "One submitted project. Its slug is its stable identifier and names its page.",
    track: "One of the track ids in /api/event.json, or null when no track is set.",
    images:
      "Each image as its record gives it: an absolute https URL or a path relative to the site's base URL. imageUrls holds the same images, in the same order, as absolute URLs.",
    team: "The people who built the project.",
    teamSlug: "The slug of the linked team (an entry of /api/teams.json), or null.",
  },
  team: {
    "": "One team of the hackathon. Its slug is its stable identifier and names its page.",
    members: "The roster.",
  },
  event: {
    "": "The hackathon itself: when and where, the schedule, tracks, robots, prizes and judging.",
    organisers: "GitHub accounts of the organisers.",
    repository:
      "The event's repository on GitHub (owner/name), where teams change their records by pull request, or null.",
    logo: "The event's logo as a path relative to the site's base URL, or null; logoUrl holds it as an absolute URL.",
  },
};
