import type { ProjectCard } from '@ferry/shared';
import type { DragEvent } from 'react';

/** The drag payload of a project card; folders of the sidebar accept only this type. */
export const PROJECT_DRAG_TYPE = 'application/x-ferry-project';

export function startProjectDrag(event: DragEvent, project: ProjectCard): void {
  event.dataTransfer.setData(PROJECT_DRAG_TYPE, project.project_id);
  event.dataTransfer.effectAllowed = 'move';
}

export const carriesProject = (event: DragEvent) => event.dataTransfer.types.includes(PROJECT_DRAG_TYPE);

export const draggedProjectId = (event: DragEvent) => event.dataTransfer.getData(PROJECT_DRAG_TYPE);
