// The official validators for Folio's e-invoices, run on Java 17+:
// - Mustang-CLI (https://www.mustangproject.org, Apache-2.0), what the ZUGFeRD/Factur-X world
//   validates with: XSD plus the official EN 16931, Factur-X/ZUGFeRD and XRechnung (KoSIT)
//   Schematron for CII and UBL, and veraPDF for PDF/A. It has no Peppol BIS rules, so
// - the OpenPeppol BIS Billing 3.0 Schematron (PEPPOL-EN16931-UBL, release 2026.5) as compiled
//   in phive-rules-peppol (https://github.com/phax/phive-rules, Apache-2.0) checks Peppol files.
// .ci/run installs both into the local Maven repository (MUSTANG_JAR and PEPPOL_RULES_JAR point
// at other copies):
//   mvn -q dependency:get -Dartifact=org.mustangproject:Mustang-CLI:2.26.0 -Dtransitive=false
//   mvn -q dependency:get -Dartifact=com.helger.phive.rules:phive-rules-peppol:4.3.7 -Dtransitive=false
//
// `java -jar Mustang-CLI.jar --no-notices --action validate --source FILE` (mustangValidate)
// starts a JVM per file, ~3–5 s each, mostly compiling Schematron. validateBatch runs what that
// command runs — a fresh org.mustangproject.validator.ZUGFeRDValidator per file, notices off —
// for many files in one JVM, so each Schematron compiles once: 35 files in ~15 s, not ~2 min.
import { execFile, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'

export const MUSTANG_VERSION = '2.26.0'
export const PEPPOL_RULES_VERSION = '4.3.7'
/** The OpenPeppol release inside phive-rules-peppol that this checks against. */
const PEPPOL_XSLT = 'external/schematron/openpeppol/2026.5/xslt/PEPPOL-EN16931-UBL.xslt'

const repo = () => process.env.MAVEN_REPO ?? join(homedir(), '.m2', 'repository')

function installed(env: string, path: string, what: string, artifact: string): string {
  const install =
    `Install it: mvn -q dependency:get -Dartifact=${artifact} -Dtransitive=false ` +
    `(Java 17+ and Maven; .ci/run does this), or set ${env}.`
  const fromEnv = process.env[env]
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${env}=${fromEnv} does not exist. ${install}`)
    return fromEnv
  }
  if (!existsSync(path)) throw new Error(`${what} is not installed (${path}). ${install}`)
  return path
}

/** The Mustang-CLI jar: MUSTANG_JAR, else the local Maven repository's copy. Throws if absent. */
export function mustangJar(): string {
  const v = MUSTANG_VERSION
  return installed(
    'MUSTANG_JAR',
    join(repo(), 'org/mustangproject/Mustang-CLI', v, `Mustang-CLI-${v}.jar`),
    `Mustang-CLI ${v}`,
    `org.mustangproject:Mustang-CLI:${v}`,
  )
}

/** The Peppol BIS rules jar: PEPPOL_RULES_JAR, else the local Maven repository's copy. */
export function peppolRulesJar(): string {
  const v = PEPPOL_RULES_VERSION
  return installed(
    'PEPPOL_RULES_JAR',
    join(repo(), 'com/helger/phive/rules/phive-rules-peppol', v, `phive-rules-peppol-${v}.jar`),
    `phive-rules-peppol ${v} (the Peppol BIS Schematron)`,
    `com.helger.phive.rules:phive-rules-peppol:${v}`,
  )
}

/** Throws with a clear message when no Java runtime answers. */
export function requireJava(): void {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' })
  if (r.error || r.status !== 0) {
    throw new Error(
      `Java is required to run Mustang-CLI (${r.error?.message ?? r.stderr.trim()}). ` +
        'Install a JRE 17+: apt-get install default-jre-headless',
    )
  }
}

export interface ValidatorMessage {
  /** Which check said it: veraPDF (PDF/A), Mustang's XML checks, or the Peppol rules. */
  part: 'pdf' | 'xml' | 'peppol' | 'other'
  text: string
}

export interface ValidationResult {
  valid: boolean
  errors: ValidatorMessage[]
  warnings: ValidatorMessage[]
  notices: ValidatorMessage[]
  /** Mustang's XML report as printed, and the Peppol rules' SVRL when they ran. */
  report: string
}

const decode = (s: string) =>
  s
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Reads Mustang's report: `<validation>` holds a `<pdf>` part (for PDFs) and an `<xml>` part,
 * each with `<messages>` (`<error>`, `<warning>`, `<notice>`) and a `<summary status="…"/>`;
 * the last summary is the verdict. The exit code is none: a PDF whose XML is invalid exits 0.
 */
export function parseMustangReport(report: string): ValidationResult {
  const result: ValidationResult = { valid: false, errors: [], warnings: [], notices: [], report }
  const parts: Array<{ part: ValidatorMessage['part']; body: string }> = []
  let rest = report
  for (const m of report.matchAll(/<(pdf|xml)>([\s\S]*?)<\/\1>/g)) {
    parts.push({ part: m[1] === 'pdf' ? 'pdf' : 'xml', body: m[2] ?? '' })
    rest = rest.replace(m[0], '')
  }
  parts.push({ part: 'other', body: rest })
  for (const { part, body } of parts) {
    for (const m of body.matchAll(/<(error|warning|notice)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
      const entry = { part, text: decode(m[2] ?? '') }
      if (m[1] === 'error') result.errors.push(entry)
      else if (m[1] === 'warning') result.warnings.push(entry)
      else result.notices.push(entry)
    }
  }
  // veraPDF's verdict is printed in the <pdf> part's first line, not as <error> elements.
  const vera = /ValidationResult \[[^\n]*isCompliant=(true|false)/.exec(report)
  if (vera?.[1] === 'false' && !result.errors.some((e) => e.part === 'pdf')) {
    result.errors.push({ part: 'pdf', text: decode(vera[0]) })
  }
  const summaries = [...report.matchAll(/<summary status="([a-z]+)"\s*\/>/g)]
  result.valid = summaries.at(-1)?.[1] === 'valid' && result.errors.length === 0
  return result
}

/** Adds the Peppol rules' findings (SVRL failed asserts: fatal → error, warning → warning). */
function addPeppolFindings(result: ValidationResult, svrl: string): void {
  for (const m of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = m[1] ?? ''
    const id = /\bid="([^"]*)"/.exec(attrs)?.[1] ?? ''
    const flag = /\bflag="([^"]*)"/.exec(attrs)?.[1] ?? 'fatal'
    const text = decode(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2] ?? '')?.[1] ?? '')
    const entry = { part: 'peppol' as const, text: `[${id}] ${text}` }
    if (flag === 'warning' || flag === 'information') result.warnings.push(entry)
    else result.errors.push(entry)
  }
  result.valid &&= result.errors.length === 0
  result.report += `\n${svrl}`
}

/** C1 only: the JIT's optimising tier costs more than it saves in runs this short. */
const JVM_FLAGS = ['-XX:TieredStopAtLevel=1']

function java(args: string[]): Promise<{ stdout: string; stderr: string; error: Error | null }> {
  return new Promise((resolve) => {
    execFile(
      'java',
      [...JVM_FLAGS, ...args],
      { maxBuffer: 256 * 1024 * 1024, timeout: 600_000 },
      (error, stdout, stderr) => resolve({ stdout, stderr, error }),
    )
  })
}

/** Validates one file with the Mustang-CLI command line; its parsed report. */
export async function mustangValidate(file: string, jar = mustangJar()): Promise<ValidationResult> {
  const r = await java([
    '-jar',
    jar,
    '--no-notices',
    '--disable-file-logging',
    '--action',
    'validate',
    '--source',
    file,
  ])
  // Exit code 255 is "invalid" (the report says why); no report at all is a failed run.
  if (!r.stdout.includes('<summary')) {
    throw new Error(
      `Mustang-CLI did not report on ${file}: ${r.error?.message ?? ''}\n${r.stderr.slice(-2000)}`,
    )
  }
  return parseMustangReport(r.stdout)
}

/**
 * What the CLI's validate action does, per file, in one JVM; for a file given as
 * "peppol:FILE" the Peppol BIS Schematron runs too (Saxon, as Mustang bundles it).
 */
const BATCH_SOURCE = `
import java.io.File;
import java.io.StringWriter;
import java.net.URL;
import javax.xml.transform.Templates;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;
import org.mustangproject.validator.ZUGFeRDValidator;

public class ValidateBatch {
  public static void main(String[] args) throws Exception {
    Templates peppol = null;
    for (String arg : args) {
      boolean withPeppol = arg.startsWith("peppol:");
      String file = withPeppol ? arg.substring(7) : arg;
      System.out.println("<!--FILE " + file + "-->");
      try {
        ZUGFeRDValidator validator = new ZUGFeRDValidator();
        validator.disableNotices();
        System.out.println(validator.validate(file));
        if (withPeppol) {
          if (peppol == null) {
            URL xslt = ValidateBatch.class.getClassLoader().getResource("${PEPPOL_XSLT}");
            peppol = new net.sf.saxon.TransformerFactoryImpl()
                .newTemplates(new StreamSource(xslt.openStream(), xslt.toString()));
          }
          StringWriter svrl = new StringWriter();
          peppol.newTransformer().transform(new StreamSource(new File(file)), new StreamResult(svrl));
          System.out.println("<!--PEPPOL-->" + svrl + "<!--/PEPPOL-->");
        }
      } catch (Throwable t) {
        System.out.println("<!--CRASH " + t + "-->");
      }
      System.out.println("<!--END-->");
    }
  }
}
`

/**
 * Validates many files in one JVM: Mustang for each, and the Peppol BIS rules for those in
 * `peppol`. The result of every file, by file name; throws when a file got no report.
 */
export async function validateBatch(
  files: string[],
  { peppol = new Set<string>() }: { peppol?: ReadonlySet<string> } = {},
): Promise<Map<string, ValidationResult>> {
  const classpath = [mustangJar(), ...(peppol.size ? [peppolRulesJar()] : [])].join(':')
  const dir = mkdtempSync(join(tmpdir(), 'folio-validate-'))
  const source = join(dir, 'ValidateBatch.java')
  writeFileSync(source, BATCH_SOURCE)
  try {
    const args = files.map((f) => (peppol.has(f) ? `peppol:${f}` : f))
    const out = await java(['-cp', classpath, source, ...args])
    const results = new Map<string, ValidationResult>()
    for (const m of out.stdout.matchAll(/<!--FILE (.*?)-->\n([\s\S]*?)<!--END-->/g)) {
      const [, file = '', body = ''] = m
      const [mustang = '', svrl] = body.split(/<!--PEPPOL-->|<!--\/PEPPOL-->/)
      if (body.includes('<!--CRASH') || !mustang.includes('<summary')) {
        throw new Error(`No report on ${file}: ${body.trim().slice(0, 2000)}`)
      }
      const result = parseMustangReport(mustang)
      if (peppol.has(file)) {
        if (svrl === undefined) throw new Error(`The Peppol rules did not report on ${file}`)
        addPeppolFindings(result, svrl)
      }
      results.set(file, result)
    }
    const missing = files.filter((f) => !results.has(f))
    if (missing.length) {
      throw new Error(
        `No report on ${missing.join(', ')}: ${out.error?.message ?? ''}\n${out.stderr.slice(-3000)}`,
      )
    }
    return results
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
