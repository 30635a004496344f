import { Alert, Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import flowable from '../../server/domains/process/flowableModdle.json';

interface Canvas {
  zoom(level: 'fit-viewport'): void;
  addMarker(id: string, cls: string): void;
}

/** Marker colours: the path taken (green) and the tasks waiting (orange). */
export const MARKER_CSS = `
.wf-done:not(.djs-connection) .djs-visual > :nth-child(1) { stroke: #2f9e44 !important; fill: #ebfbee !important; }
.wf-done.djs-connection .djs-visual > path { stroke: #2f9e44 !important; }
.wf-active .djs-visual > :nth-child(1) { stroke: #f08c00 !important; fill: #fff4e6 !important; stroke-width: 3px !important; }
`;

/** A read-only drawing of a process, with the path so far and the waiting tasks marked. */
export function BpmnView({ xml, path = [], active = [], height = 360 }: { xml: string; path?: string[]; active?: string[]; height?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const viewer = new NavigatedViewer({ container: ref.current, moddleExtensions: { flowable } });
    let alive = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        const canvas = viewer.get<Canvas>('canvas');
        canvas.zoom('fit-viewport');
        const registry = viewer.get<{ get(id: string): unknown }>('elementRegistry');
        for (const id of new Set(path)) if (registry.get(id) && !active.includes(id)) canvas.addMarker(id, 'wf-done');
        for (const id of active) if (registry.get(id)) canvas.addMarker(id, 'wf-active');
      })
      .catch((e: Error) => alive && setError(`流程图无法显示：${e.message}`));
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, path.join(','), active.join(',')]);
  return (
    <>
      <style>{MARKER_CSS}</style>
      {error && <Alert color="yellow">{error}</Alert>}
      <Box ref={ref} h={height} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} data-testid="bpmn-view" />
    </>
  );
}
