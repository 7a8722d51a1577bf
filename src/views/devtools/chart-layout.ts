import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { Chart, ChartEdge, ChartNode } from '../../machines/devtools/statechart.ts';

/**
 * Lays a statechart out with elkjs (layered, compound nodes laid out with their children), in elkjs's
 * own web worker: on the main thread its layout was one 300-400 ms task as /inspect opened (it
 * counted in Lighthouse's total blocking time). Node positions are relative to their parent (as @xyflow/react
 * wants them); edge routes and labels are absolute.
 */
export interface PlacedNode {
  node: ChartNode;
  x: number;
  y: number;
  width: number;
  height: number;
  compound: boolean;
}

export interface PlacedEdge {
  edge: ChartEdge;
  points: { x: number; y: number }[];
  label: { x: number; y: number; width: number; height: number } | null;
}

export interface ChartLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
}

const CHAR = 7.2;
const LINE = 16;
const TITLE = 30;

export function edgeText(edge: ChartEdge): string {
  return edge.guard ? `${edge.event} [${edge.guard}]` : edge.event;
}

function leafSize(node: ChartNode): { width: number; height: number } {
  const lines = [...node.invokes.map((name) => `invoke ${name}`), ...node.internal];
  const widest = Math.max(node.key.length * 7.8 + 28, ...lines.map((line) => line.length * 6.4 + 24));
  return { width: Math.min(Math.max(widest, 96), 320), height: TITLE + 8 + lines.length * LINE };
}

let elk: InstanceType<typeof ELK> | null = null;

export async function layoutChart(chart: Chart): Promise<ChartLayout> {
  // The worker script is elkjs's own, served as it ships (a classic worker, not bundled).
  elk ??= new ELK({ workerUrl: elkWorkerUrl });
  const children = new Map<string | null, ChartNode[]>();
  for (const node of chart.nodes) children.set(node.parent, [...(children.get(node.parent) ?? []), node]);
  const toElk = (node: ChartNode): ElkNode => {
    const kids = children.get(node.id) ?? [];
    if (kids.length === 0) return { id: node.id, ...leafSize(node) };
    const extra = node.invokes.length + node.internal.length;
    return {
      id: node.id,
      layoutOptions: {
        'elk.padding': `[top=${TITLE + 6 + extra * LINE},left=16,bottom=16,right=16]`,
        // Regions of a parallel state sit side by side.
        'elk.direction': node.type === 'parallel' ? 'RIGHT' : 'DOWN',
      },
      children: kids.map(toElk),
    };
  };
  const root = chart.nodes.find((node) => node.parent === null);
  if (!root) return { nodes: [], edges: [], width: 0, height: 0 };
  const edges: ElkExtendedEdge[] = chart.edges.map((edge) => ({
    id: edge.id,
    sources: [edge.source],
    targets: [edge.target],
    labels: [
      { id: `${edge.id}:label`, text: edgeText(edge), width: edgeText(edge).length * CHAR + 12, height: 20 },
    ],
  }));
  const graph: ElkNode = {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.json.edgeCoords': 'ROOT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '56',
      'elk.spacing.nodeNode': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
    },
    children: [toElk(root)],
    edges,
  };
  const laid = await elk.layout(graph);
  const byId = new Map(chart.nodes.map((node) => [node.id, node]));
  const nodes: PlacedNode[] = [];
  const walk = (elkNode: ElkNode) => {
    const node = byId.get(elkNode.id);
    if (node) {
      nodes.push({
        node,
        x: elkNode.x ?? 0,
        y: elkNode.y ?? 0,
        width: elkNode.width ?? 0,
        height: elkNode.height ?? 0,
        compound: (elkNode.children?.length ?? 0) > 0,
      });
    }
    for (const child of elkNode.children ?? []) walk(child);
  };
  for (const child of laid.children ?? []) walk(child);
  const edgeById = new Map(chart.edges.map((edge) => [edge.id, edge]));
  const placedEdges: PlacedEdge[] = [];
  for (const elkEdge of (laid.edges ?? []) as ElkExtendedEdge[]) {
    const edge = edgeById.get(elkEdge.id);
    const section = elkEdge.sections?.[0];
    if (!edge || !section) continue;
    const label = elkEdge.labels?.[0];
    placedEdges.push({
      edge,
      points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
      label:
        label && label.x !== undefined && label.y !== undefined
          ? { x: label.x, y: label.y, width: label.width ?? 0, height: label.height ?? 0 }
          : null,
    });
  }
  return { nodes, edges: placedEdges, width: laid.width ?? 0, height: laid.height ?? 0 };
}
