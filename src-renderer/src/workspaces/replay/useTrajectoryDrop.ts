// Trajectory files or folders dropped on the workspace are imported (evaluated against the open
// dataset); while files are dragged over it, `dragging` is true (the workspace shows a hint).
import { useState, type DragEvent } from 'react';
import { useStudioStore } from '../../state/store';
import type { ImportedFiles } from '../../evaluation/protocol';
import { filesFromDrop } from './importFiles';

/** `dropZone`: the drag and drop handlers of the element files are dropped on. */
export function useTrajectoryDrop(importFiles: (imported: ImportedFiles) => void) {
  const [dragging, setDragging] = useState(false);
  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const imported = await filesFromDrop(event.dataTransfer);
    importFiles(imported);
    const count = imported.files.length;
    const unread = imported.problems.length > 0 ? ` (${imported.problems.length} not read: see the problems)` : '';
    useStudioStore.getState().showMessage(`Importing ${count} trajectory file${count === 1 ? '' : 's'}${unread}`, 'info');
  };
  const dropZone = {
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes('Files')) {
        e.preventDefault();
        setDragging(true);
      }
    },
    onDragLeave: (e: DragEvent) => {
      if (e.currentTarget === e.target) setDragging(false);
    },
    onDrop: (e: DragEvent) => void onDrop(e),
  };
  return { dragging, dropZone };
}
