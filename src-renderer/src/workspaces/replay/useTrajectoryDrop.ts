// Trajectory files or folders dropped on the workspace are imported (evaluated against the open
// dataset); while files are dragged over it, `dragging` is true (the workspace shows a hint).
import { useState, type DragEvent } from 'react';
import type { ImportedFile } from '../../evaluation/protocol';
import { useStudioStore } from '../../state/store';
import { filesFromDrop } from './importFiles';

/** `dropZone`: the drag and drop handlers of the element files are dropped on. */
export function useTrajectoryDrop(importFiles: (files: ImportedFile[]) => void) {
  const [dragging, setDragging] = useState(false);
  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = await filesFromDrop(event.dataTransfer);
    importFiles(files);
    useStudioStore.getState().showMessage(`Importing ${files.length} trajectory file${files.length === 1 ? '' : 's'}`, 'info');
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
