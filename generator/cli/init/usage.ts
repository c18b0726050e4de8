/** `npm run init -- --help`. */
export const USAGE = `usage: npm run init -- --name "Robo Jam" --start 2027-03-06 --end 2027-03-07 --timezone Europe/Paris
       [--organiser you]... [--track "Simulation"]... [--robot "TurtleBot 4"]... [--tagline TEXT]
       [--venue NAME --address TEXT] [--registration URL] [--repository owner/name]
       [--registration-deadline TIME] [--submission-deadline TIME] [--force [--remove-records]]
       [--next-edition [--edition ID]]

Makes this repository your event: writes records/event.yaml, removes the sample teams, projects and
images (known by their content), writes the issue forms, builds once, and prints the GitHub settings
still to do. In a terminal it asks for what the flags leave out: name, dates, time zone, tracks,
robots, your GitHub name, and the repository when the origin remote is not on GitHub. Elsewhere it
assumes one track "Open", no robots, the organiser from git config github.user (else the origin's
owner) and the repository from the organiser and this folder's name, and lists each assumption with
the placeholders still to fill in. It takes the sample's own rules out of the handbook. Every value
is checked as npm run validate checks records before anything is changed: a refused value changes
nothing.

  --registration-deadline, --submission-deadline
                when registration and submissions close: "2027-03-07 14:00" in the event's
                time zone, or a time with its offset (2027-03-07T14:00:00+01:00)
  --force       start over on an event that is no longer the sample
  --remove-records
                remove too the files in records/teams/, records/projects/ and site/public/images/
                that are not the samples init shipped (teams that registered since); without it,
                init refuses while any is there, naming them
  --next-edition
                the next edition of a series: first archives the current one as it is (event,
                teams, projects, handbook, site/public) in editions/<id>/, published at /<id>/,
                then makes the next event as above; docs/editions.md
  --edition ID  the archive's id (default: the current event's start year), lowercase words
                joined by hyphens: for a second edition in one year, such as 2027-autumn
  --root DIR    the checkout to change (default: this folder)
  -h, --help    print this and stop`;
