/** Per query id, per document id, a number, in file order: what the JSON readers give. */
export type ScoreMaps = Map<string, Map<string, number>>;
