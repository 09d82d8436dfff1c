// A small typed client of `nlu serve`, compiled with `tsc --strict` against the types that
// json-schema-to-typescript generates from `nlu schema` (legacy-nlu.v1.d.ts, check.sh); it compiles
// under moduleResolution NodeNext (tsconfig.json) and Bundler (tsconfig.bundler.json) alike,
// so the import names the emitted file, ./legacy-nlu.v1.js, as Node's ESM resolution requires.
import type { LegacyInputUnderstanding, TextSpan } from "./legacy-nlu.v1.js";

export interface UnderstandRequest {
  text: string;
  source?: "typed" | "asr" | "ocr" | "mixed";
  referenceTime?: string;
  alternatives?: string[];
  confidence?: number;
  budgetMs?: number;
}

export async function understand(baseUrl: string, body: UnderstandRequest): Promise<LegacyInputUnderstanding> {
  const response = await fetch(`${baseUrl}/v1/understand`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const problem = (await response.json()) as { title: string; detail: string };
    throw new Error(`${response.status} ${problem.title}: ${problem.detail}`);
  }
  return (await response.json()) as LegacyInputUnderstanding;
}

/** What the router sends on: the canonical text only when the decision says so. */
export function textForRouter(r: LegacyInputUnderstanding): string {
  switch (r.decision.action) {
    case "continue":
      return r.canonicalText;
    case "clarify":
      return r.decision.clarification?.question ?? r.originalText;
    case "use_original":
      return r.originalText;
  }
}

/** Offsets are UTF-16 code units, so JavaScript's slice() reads the protected facts back. */
export function protectedFacts(r: LegacyInputUnderstanding): string[] {
  return r.protectedSpans.map((p) => {
    const span: TextSpan = p.span;
    return (span.space === "original" ? r.originalText : r.canonicalText).slice(span.start, span.end);
  });
}
