// Generated from records/schemas/ by `npm run schema:types`. Do not edit by hand. Stamp: cfad673fdd251e6866df0a62070d3c0fd0069e2a8d79471a34e55ac177474e6e
/**
 * The hackathon itself, in records/event.yaml. Organisers edit it.
 */
export interface EventRecord {
  name: string;
  tagline: string;
  startDate: string;
  endDate: string;
  timezone: string;
  venue: {
    name: string;
    address: string;
    mapUrl?: string | null;
  };
  /**
   * The timings of the event, in order.
   *
   * @minItems 1
   */
  schedule: {
    start: string;
    end: string;
    title: string;
  }[];
  /**
   * @minItems 1
   */
  hosts: {
    name: string;
    url?: string | null;
    /**
     * How the home page groups the host: host (runs the event), gold, silver or bronze (sponsors, in that order) or partner (helps in kind). Hosts with neither tier nor logo are named in one plain line; a host with a logo and no tier is shown with the hosts.
     */
    tier?: "host" | "gold" | "silver" | "bronze" | "partner" | null;
    /**
     * The host's logo, shown with its name as the image's text: an image the site publishes (SVG, PNG, JPEG or WebP), as a path such as images/hosts/acme.svg, or an https:// URL; or null.
     */
    logo?: string | null;
  }[];
  /**
   * The tracks a project may choose. A project's track must be one of these ids (or null).
   *
   * @minItems 1
   */
  tracks: {
    id: string;
    name: string;
    description: string;
  }[];
  robots: {
    name: string;
    description: string;
    count: number;
  }[];
  /**
   * @minItems 1
   */
  judgingCriteria: {
    name: string;
    weight: number;
    description: string;
  }[];
  /**
   * What teams compete for, shown on the home page until the awards are set. Each award names the prize it gives by its id.
   *
   * @maxItems 50
   */
  prizes?: {
    /**
     * The prize's own id, unique among the prizes: an award names the prize it gives by it.
     */
    id: string;
    /**
     * The prize's name as the home page and the winners show it.
     */
    name: string;
    /**
     * What each winner receives, as text: an amount such as €1,000 or a thing such as a robot kit; null when it is not stated.
     */
    value?: string | null;
    /**
     * How many of this prize are given: 2 when two projects each win one.
     */
    count?: number;
    /**
     * What wins it.
     */
    description: string;
    /**
     * The track whose projects compete for it, or null when every project does.
     */
    track?: string | null;
  }[];
  /**
   * The people who judge the projects, shown on the home page.
   *
   * @maxItems 50
   */
  judges?: {
    /**
     * The judge's name, as the home page shows it.
     */
    name: string;
    /**
     * Where the judge works or comes from: a lab, a company, a university.
     */
    affiliation: string;
    /**
     * A page about the judge, or null.
     */
    url?: string | null;
    /**
     * A photo of the judge, shown with the judge's name as its text: an image the site publishes (SVG, PNG, JPEG or WebP), as a path such as images/judges/ada.svg, or an https:// URL; or null.
     */
    photo?: string | null;
    /**
     * The judge's GitHub user name, or null. A judge is never given a project whose team lists this name among its members.
     */
    github?: string | null;
    /**
     * Teams and projects the judge must not judge, beyond the teams that list the judge as a member, such as a team they mentored. Published with the event: list the slugs only, never why.
     *
     * @maxItems 200
     */
    conflicts?: string[];
    /**
     * For a sponsor's judge: the prizes they judge, by id. The judge is given only projects in those prizes' tracks (every project for a prize without a track). An empty list judges every project.
     *
     * @maxItems 50
     */
    prizes?: string[];
  }[];
  /**
   * How the judging page hands out the projects and scores them. Each judge is given projects so that every project is seen by perProject judges, and scores each of judgingCriteria from 1 to scale.
   */
  judging?: {
    /**
     * How many judges are given each project. With fewer judges who may judge it, every one of them is.
     */
    perProject?: number;
    /**
     * About how many projects a person can score in an afternoon. When the assignment gives a judge more, validation warns the organiser (add judges or lower perProject) and the judging page names the judges with more; it changes nobody's projects.
     */
    perJudgeMax?: number;
    /**
     * Scores run from 1 to this number on every criterion: 5 for one to five stars.
     */
    scale?: number;
    /**
     * Mixed into the order the projects are handed out in and into every tie between judges, so a team cannot choose its slug to choose its judges. Set it once the on-time projects are in, before the judges start, and leave it: changing it hands the projects out again.
     */
    seed?: string | null;
    /**
     * Where each project demos at the expo, overriding the place the build gives it from expo (a project not listed gets a free table there, or no place without expo). A place written as a table's label, such as Table 12, takes that table of expo's floor; any other text is a place of its own. Shown on the project's page and the judges' pages.
     *
     * @maxItems 20000
     */
    tables?: {
      project: string;
      table: string;
    }[];
  };
  registrationUrl: string;
  /**
   * Organisers may change any record; everyone else only records that list them.
   *
   * @minItems 1
   */
  organisers: string[];
  /**
   * The event's logo, a file under site/public/ (SVG, PNG, JPEG or WebP), shown on the home page.
   */
  logo?: string | null;
  /**
   * The colour of links and buttons. It must be dark enough for white text on it and for links on white (contrast at least 4.5:1).
   */
  accentColor?: string | null;
  /**
   * The awards once judging is over, each with the projects that won it. The home page shows them as Winners.
   *
   * @maxItems 50
   */
  awards?: {
    name: string;
    /**
     * The slugs of the winning projects.
     *
     * @minItems 1
     * @maxItems 20
     */
    projects: string[];
    description?: string | null;
    /**
     * The id of the prize this award gives (one of prizes[].id), or null when it gives none of them.
     */
    prize?: string | null;
  }[];
  /**
   * The event's repository on GitHub, where teams change records by pull request. With it, pages link to editing each record and to the registration forms.
   */
  repository?: string | null;
  /**
   * When registration and submissions close. After registration closes, a new team needs an organiser's approval; after submissions close, a new, changed or renamed project, or a change to a team's members, does too. Organisers may give a team more time with an extension.
   */
  deadlines?: {
    /**
     * When registration closes, or null when it never does. After it, a new team needs an organiser's approval.
     */
    registration?: string | null;
    /**
     * When submissions close, or null when they never do. After it, adding, changing or renaming a project, or changing a team's members, needs an organiser's approval.
     */
    submission?: string | null;
    /**
     * More time for single teams, set by organisers: each team's own submission deadline, later than the event's. Extensions do not change the deadlines shown to everyone.
     *
     * @maxItems 200
     */
    extensions?: {
      /**
       * The slug of the team given more time.
       */
      team: string;
      /**
       * When submissions close for this team: later than the event's submission deadline.
       */
      submission: string;
      /**
       * Why the team has more time, in a line.
       */
      reason?: string | null;
    }[];
  };
  /**
   * Where projects demo after the deadline. The build gives every project a table: the tables are numbered 1, 2, 3, … across the areas in this order; a project that needs power or a large space gets a table in an area that has it, and a project whose track has an area of its own gets a table there. A project placed in judging.tables keeps that place. Null when the event has no expo floor.
   */
  expo?: {
    /**
     * The parts of the floor in the order their tables are numbered, such as a main hall and a workshop with power.
     *
     * @minItems 1
     * @maxItems 100
     */
    areas: {
      name: string;
      tables: number;
      /**
       * A project that needs power gets a table in an area with power.
       */
      power?: boolean;
      /**
       * A project that needs a large space (a robot that drives, a wide set-up) gets a table in an area with it.
       */
      large?: boolean;
      /**
       * When a track has areas, its projects get their tables there and other projects do not; null for an area any project may use.
       */
      track?: string | null;
    }[];
  } | null;
}

/**
 * One team of the hackathon, in records/teams/<slug>.yaml. The file name is the team's slug; the record never states it.
 */
export interface TeamRecord {
  /**
   * Team name as shown on the team page.
   */
  name: string;
  /**
   * True while the team still has room for more people.
   */
  lookingForMembers: boolean;
  /**
   * Skills the team is looking for. Empty when the team is full.
   *
   * @maxItems 30
   */
  skillsWanted?: string[];
  /**
   * What the team is building and who would fit in, shown on the team's page and card.
   */
  about?: string | null;
  /**
   * How people who want to join reach the team: a web page (https://) or an address (mailto:).
   */
  contact?: string | null;
  /**
   * The roster. A team may change its record only from the GitHub accounts listed here.
   *
   * @minItems 1
   * @maxItems 20
   */
  members: {
    name: string;
    github?: string | null;
    /**
     * @maxItems 30
     */
    skills?: string[];
  }[];
  /**
   * Slugs this team was published under before it was renamed; their old pages and the API index's redirects lead to the current slug. A slug is never reused by another team.
   *
   * @maxItems 20
   */
  formerSlugs?: string[];
}

/**
 * One submitted project, in records/projects/<slug>.yaml. The file name is the project's slug; the record never states it.
 */
export interface ProjectRecord {
  title: string;
  /**
   * Short summary. Consumers may cut it off mid-sentence.
   */
  tagline: string;
  /**
   * One of the track ids in records/event.yaml, or null when no track is set.
   */
  track?: string | null;
  /**
   * Robots used. May be empty.
   *
   * @maxItems 20
   */
  robots?: string[];
  /**
   * What the project is built with: languages, frameworks, hardware and services, as short tags. May be empty.
   *
   * @maxItems 20
   */
  builtWith?: string[];
  /**
   * Free text. Markdown: line breaks, emphasis and fenced code are allowed; raw HTML is not rendered.
   */
  description: string;
  /**
   * Link to a video, a folder of videos or a slide deck, or null.
   */
  video?: string | null;
  /**
   * Where to try the project: a live demo, an app or a download page, or null.
   */
  demo?: string | null;
  /**
   * power: a table with power sockets; large: room for a large demo (a robot that drives, a wide set-up). The build gives the project a table in an area that has them. May be empty.
   *
   * @maxItems 2
   */
  needs?: ("power" | "large")[];
  /**
   * Each image is an https:// URL or a path inside site/public/, such as images/rover.svg.
   *
   * @maxItems 12
   */
  images?: string[];
  /**
   * Source repository link, or null.
   */
  repo?: string | null;
  /**
   * The licence of the project's code and content: an SPDX identifier or expression (https://spdx.org/licenses/), such as MIT or Apache-2.0, or null.
   */
  license?: string | null;
  /**
   * The people who built the project. They may change this record.
   *
   * @minItems 1
   * @maxItems 20
   */
  team: {
    name: string;
    github?: string | null;
  }[];
  /**
   * The file name (without .yaml) of the linked team, or null.
   */
  teamSlug?: string | null;
  /**
   * Slugs this project was published under before it was renamed; their old pages and the API index's redirects lead to the current slug. A slug is never reused by another project.
   *
   * @maxItems 20
   */
  formerSlugs?: string[];
}
