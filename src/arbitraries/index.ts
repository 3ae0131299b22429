// fast-check arbitraries from the spec: valid values, values that break exactly one rule, and
// query parameters, per operation or per converted schema.
export { hasJsonBody, invalidBody, invalidBodySamples, requestSchema, validBody } from './operation.js';
export { fieldsArb, pageArb, pageBoundaries, perPageArb, recordFields, sortArb, sortKeyGroups, toQueryString, validQuery, type PageBounds, type PageWalk, type QueryParams, type QueryValue, type RecordFields } from './query.js';
export { absentKeyword, keywordExamples, madeByARun, otherCase, type ClassKeyword, type KeywordClass } from './keywords.js';
export { classOf, expectedAjvError, invalidClasses, invalidSamples, invalidSites, invalidValue, type InvalidSite } from './invalid.js';
export { validValue } from './valid.js';
export { KNOWN_FORMATS, formatArb, invalidFormatValues } from './formats.js';
export { LONG_CLASS_LENGTH, RESERVED_DOMAIN, REAL_TEXT_MAX, text, textClassOf, uniqueEmail, uniqueTag } from './strings.js';
export { CLASS_SEED, classCases, enumSizes, fixedClasses, largestSmallEnum, LONG_CLASS, SMALL_ENUM, type ClassCase, type InputClass } from './classes.js';
export {
  DEFAULT_VIOLATION_KINDS,
  GenerationError,
  OMIT,
  VIOLATION_KINDS,
  type ArbOptions,
  type InputClassPins,
  type InvalidSample,
  type JsonSchema,
  type LiveOptions,
  type TextClass,
  type Violation,
  type ViolationKind,
} from './types.js';
