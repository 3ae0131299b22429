// Why a fault of the reference shop makes more than one defect in the compatibility report (or
// none): the fault matrix proves the grouping (analyse.ts), and each fault either makes exactly
// one defect or is listed here with the reason, in the words a reader of the report would use.
export const DEFECT_REASONS: Readonly<Record<string, string>> = {};
