import { PERIOD_UNITS } from './periods.js';

/** A FROM item listing the period units, `u(unit)`, to fan hourly aggregates out to every unit in one statement. */
export const UNITS_SQL = `(VALUES ${PERIOD_UNITS.map((u) => `('${u}')`).join(', ')}) AS u(unit)`;
