// Unique numbers for the names and e-mails of the records a run makes. Each worker starts its own
// range (its session holds one), so two workers never write the same name.
/** Unique numbers for names and e-mails; each worker starts its own range. */
export class Uniq {
  private n: number;
  constructor(start = 1) {
    this.n = start;
  }
  next(): number {
    return this.n++;
  }
}
