import type { TextSection } from '../../../content/pages';

/** Headed sections of paragraphs, as the policy pages are written in content/pages.ts. */
export function TextSections({ sections }: { sections: readonly TextSection[] }) {
  return sections.map((section) => (
    <section key={section.heading}>
      <h2 className="text-2xl font-semibold">{section.heading}</h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-3 leading-relaxed">
          {paragraph}
        </p>
      ))}
    </section>
  ));
}
