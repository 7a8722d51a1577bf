import {
  BaseEdge,
  Controls,
  EdgeLabelRenderer,
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type EdgeProps,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chart, ChartEdge, ChartNode } from '../../machines/devtools/statechart.ts';
import { edgeText, layoutChart, type ChartLayout } from './chart-layout.ts';

/**
 * A statechart drawn with @xyflow/react from an elkjs layout: compound states hold their children,
 * regions of a parallel state are dashed, the initial state of each level carries an arrow, final
 * states a double border; the active states (and the transitions they can take) are highlighted.
 */
type StateData = { node: ChartNode; compound: boolean; active: boolean };
type StateNodeType = Node<StateData, 'state'>;
type RoutedData = {
  edge: ChartEdge;
  points: { x: number; y: number }[];
  label: ChartLayout['edges'][number]['label'];
  live: boolean;
};
type RoutedEdgeType = Edge<RoutedData, 'routed'>;

function StateBox({ data }: NodeProps<StateNodeType>) {
  const { node, compound, active } = data;
  const classes = [
    'sc-state',
    compound ? 'sc-compound' : 'sc-leaf',
    `sc-${node.type}`,
    node.region ? 'sc-region' : '',
    active ? 'sc-active' : '',
    node.parent === null ? 'sc-root' : '',
  ];
  return (
    <div
      className={classes.join(' ')}
      data-testid="chart-node"
      data-state-id={node.id}
      data-active={active ? 'true' : 'false'}
    >
      <Handle type="target" position={Position.Top} className="sc-handle" isConnectable={false} />
      <div className="sc-title">
        {node.initial && node.parent !== null && !node.region && (
          <span className="sc-initial" aria-label="initial">
            ●
          </span>
        )}
        <span className="sc-key">{node.key}</span>
        {/* XState's own names for the kinds of state: developer terms, not translated. */}
        {(node.type === 'parallel' || node.type === 'final') && <span className="sc-tag">{node.type}</span>}
        {node.type === 'history' && <span className="sc-tag">H</span>}
      </div>
      {(node.invokes.length > 0 || node.internal.length > 0) && (
        <ul className="sc-lines">
          {node.invokes.map((name) => (
            <li key={`i:${name}`} className="sc-invoke">
              invoke {name}
            </li>
          ))}
          {node.internal.map((line, index) => (
            <li key={`e:${index}`}>{line}</li>
          ))}
        </ul>
      )}
      <Handle type="source" position={Position.Bottom} className="sc-handle" isConnectable={false} />
    </div>
  );
}

function roundedPath(points: { x: number; y: number }[]): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  let path = `M ${first?.x ?? 0} ${first?.y ?? 0}`;
  for (let index = 0; index < rest.length; index++) {
    const point = rest[index];
    const previous = points[index];
    const next = rest[index + 1];
    if (!point || !previous) continue;
    if (!next) {
      path += ` L ${point.x} ${point.y}`;
      continue;
    }
    const radius = Math.min(
      8,
      Math.hypot(point.x - previous.x, point.y - previous.y) / 2,
      Math.hypot(next.x - point.x, next.y - point.y) / 2,
    );
    const inX = point.x - Math.sign(point.x - previous.x) * radius;
    const inY = point.y - Math.sign(point.y - previous.y) * radius;
    const outX = point.x + Math.sign(next.x - point.x) * radius;
    const outY = point.y + Math.sign(next.y - point.y) * radius;
    path += ` L ${inX} ${inY} Q ${point.x} ${point.y} ${outX} ${outY}`;
  }
  return path;
}

function RoutedEdge({ id, data }: EdgeProps<RoutedEdgeType>) {
  if (!data) return null;
  const { edge, points, label, live } = data;
  const className = `sc-edge sc-edge-${edge.kind}${live ? ' sc-edge-live' : ''}`;
  return (
    <>
      <BaseEdge id={id} path={roundedPath(points)} className={className} markerEnd="url(#sc-arrow)" />
      {label && (
        <EdgeLabelRenderer>
          <div
            className={`sc-edge-label sc-label-${edge.kind}${live ? ' sc-edge-live' : ''}`}
            data-testid="chart-edge"
            style={{ transform: `translate(${label.x}px, ${label.y}px)`, minWidth: label.width }}
          >
            <span className="sc-event">{edge.event}</span>
            {edge.guard && <span className="sc-guard"> [{edge.guard}]</span>}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

const nodeTypes = { state: StateBox };
const edgeTypes = { routed: RoutedEdge };

export default function StatechartView({ chart, active }: { chart: Chart; active: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<{ chart: Chart; layout: ChartLayout } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    layoutChart(chart).then(
      (laid) => current && setLayout({ chart, layout: laid }),
      (error: unknown) => current && setFailed(String(error)),
    );
    return () => {
      current = false;
    };
  }, [chart]);

  const ready = layout?.chart === chart ? layout.layout : null;
  const nodes = useMemo<StateNodeType[]>(
    () =>
      (ready?.nodes ?? []).map((placed) => ({
        id: placed.node.id,
        type: 'state',
        position: { x: placed.x, y: placed.y },
        width: placed.width,
        height: placed.height,
        style: { width: placed.width, height: placed.height },
        ...(placed.node.parent ? { parentId: placed.node.parent } : {}),
        data: { node: placed.node, compound: placed.compound, active: active.has(placed.node.id) },
        draggable: false,
        selectable: false,
      })),
    [ready, active],
  );
  const edges = useMemo<RoutedEdgeType[]>(
    () =>
      (ready?.edges ?? []).map((placed) => ({
        id: placed.edge.id,
        type: 'routed',
        source: placed.edge.source,
        target: placed.edge.target,
        zIndex: 1000,
        selectable: false,
        data: { ...placed, live: active.has(placed.edge.source) },
        ariaLabel: edgeText(placed.edge),
      })),
    [ready, active],
  );

  if (failed) return <p className="devtools-empty">{failed}</p>;
  if (!ready) {
    return (
      <div className="sc-canvas sc-loading" data-testid="chart" data-ready="false">
        {t('devtools.layingOut')}
      </div>
    );
  }
  return (
    <div
      className="sc-canvas"
      data-testid="chart"
      data-ready="true"
      data-machine={chart.machineId}
      data-nodes={chart.nodes.length}
    >
      <svg className="sc-defs" aria-hidden="true">
        <defs>
          <marker
            id="sc-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill="context-stroke" />
          </marker>
        </defs>
      </svg>
      <ReactFlow<StateNodeType, RoutedEdgeType>
        key={chart.machineId}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        fitView
        fitViewOptions={{ padding: 0.08, maxZoom: 1.1 }}
        minZoom={0.15}
        maxZoom={2.5}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        colorMode={document.documentElement.dataset.theme === 'light' ? 'light' : 'dark'}
        // The attribution's own corner: in the controls' corner it covered half of "Fit view".
        attributionPosition="bottom-left"
      >
        <Controls showInteractive={false} position="bottom-right" />
      </ReactFlow>
    </div>
  );
}
