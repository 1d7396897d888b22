import { ButtonLink, Grid } from '@studyhub/shared';
import { YEARS, yearPath, type ResourceKind } from '@studyhub/contract';

/** The four year buttons of /notes, /papers and /questions, each leading to that kind's year page. */
export function YearChoice({ kind }: { kind: ResourceKind }) {
  return (
    <Grid $min="200px">
      {YEARS.map((year) => (
        <ButtonLink key={year.key} to={yearPath(year.number, kind)}>
          {year.label}
        </ButtonLink>
      ))}
    </Grid>
  );
}
