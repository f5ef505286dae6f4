/**
 * The one output slot of the allocation-free readers (readNumber, readInstant, readDayKey).
 *
 * A reader returns a boolean and, when it returns true, leaves its value in OUT[0]. Returning
 * the double itself from a call V8 does not inline would box it (one heap allocation per
 * record); a Float64Array slot keeps it unboxed. JavaScript runs one evaluation at a time and
 * no reader calls back into user code, so the slot is read before anyone can overwrite it.
 */
export const OUT: Float64Array = new Float64Array(1);
