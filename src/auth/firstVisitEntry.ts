import { firstVisit } from './firstVisit.ts';

// The first script of index.html: bundled on its own and inlined by build/firstVisitScript.ts.
window.svFirstVisit = firstVisit(window);
