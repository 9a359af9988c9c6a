import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { Project } from '../../api/types.js';
import { paths } from '../../router/paths.js';

/** A number from 0 to 359 that is always the same for the same text (FNV-1a folded to a hue). */
function hueOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 360;
}

/**
 * The cover of a project without one: a diagonal gradient whose hues come from its identifier,
 * so a project keeps its colours across visits and neighbours rarely share them.
 */
export function defaultCover(project: Pick<Project, 'identifier' | 'id'>): string {
  const hue = hueOf(project.identifier || project.id);
  return `linear-gradient(135deg, hsl(${hue} 65% 58%), hsl(${(hue + 45) % 360} 70% 42%))`;
}

/**
 * One project in the projects grid: its cover (decorative, so the image has an empty alt), its
 * identifier and name, and its description cut to two lines. The whole card is one link to its issues.
 * `level` is its heading's level, one below the heading of the list it sits in.
 */
export function ProjectCard({ slug, project, level = 2 }: { slug: string; project: Project; level?: 2 | 3 }) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const fallback: CSSProperties | undefined = project.cover_image ? undefined : { backgroundImage: defaultCover(project) };
  return (
    <Link className="app-project-card" to={paths.projectIssues(slug, project.id)}>
      <div className="app-project-cover" style={fallback} aria-hidden="true" data-default-cover={project.cover_image ? undefined : ''}>
        {project.cover_image ? <img src={project.cover_image} alt="" width={320} height={96} loading="lazy" decoding="async" /> : null}
      </div>
      <div className="app-project-card-body">
        <Heading>
          <span className="app-project-key">{project.identifier}</span>
          <span className="app-project-name">{project.name}</span>
        </Heading>
        {project.description ? <p className="app-project-description">{project.description}</p> : null}
      </div>
    </Link>
  );
}
