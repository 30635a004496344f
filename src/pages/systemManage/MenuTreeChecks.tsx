import { ActionIcon, Badge, Box, Checkbox, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { RoleMenuNode } from '../../api/system';

/** Every id of a node and the nodes below it. */
export function subtreeIds(node: RoleMenuNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/**
 * The menu tree with a checkbox per page and button: checking a node checks everything below it, a node with part
 * of its children checked shows as indeterminate. The server adds the pages above a checked button itself.
 */
export function MenuTreeChecks({ nodes, checked, onChange, expandAll }: { nodes: RoleMenuNode[]; checked: Set<number>; onChange: (next: Set<number>) => void; expandAll: boolean }) {
  return (
    <Box data-testid="role-menu-tree">
      {nodes.map((n) => (
        <MenuNodeRow key={n.id} node={n} depth={0} checked={checked} onChange={onChange} expandAll={expandAll} />
      ))}
    </Box>
  );
}

function MenuNodeRow({ node, depth, checked, onChange, expandAll }: { node: RoleMenuNode; depth: number; checked: Set<number>; onChange: (next: Set<number>) => void; expandAll: boolean }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = open ?? (expandAll || depth === 0);
  const below = subtreeIds(node);
  const count = below.filter((id) => checked.has(id)).length;
  const all = count === below.length;
  const toggle = () => {
    const next = new Set(checked);
    if (all) below.forEach((id) => next.delete(id));
    else below.forEach((id) => next.add(id));
    onChange(next);
  };
  const buttons = node.children.filter((c) => c.menuType === 2 && c.children.length === 0);
  const pages = node.children.filter((c) => !(c.menuType === 2 && c.children.length === 0));
  return (
    <Box pl={depth ? 20 : 0}>
      <Group gap={6} wrap="nowrap" py={2}>
        {pages.length ? (
          <ActionIcon size="sm" variant="subtle" onClick={() => setOpen(!expanded)} aria-label={node.name}>
            {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <Checkbox label={node.name} checked={all} indeterminate={count > 0 && !all} onChange={toggle} data-testid={`menu-check-${node.id}`} />
        {buttons.length > 0 && (
          <Group gap={8} ml="sm">
            {buttons.map((b) => (
              <Checkbox key={b.id} size="xs" label={<Text size="xs">{b.name}</Text>} checked={checked.has(b.id)}
                onChange={() => {
                  const next = new Set(checked);
                  if (next.has(b.id)) next.delete(b.id);
                  else next.add(b.id);
                  onChange(next);
                }}
                data-testid={`menu-check-${b.id}`} title={`${node.name} · ${b.name}`} />
            ))}
          </Group>
        )}
        {node.menuType === 1 && depth === 0 && count > 0 && <Badge size="xs" variant="light">{count}</Badge>}
      </Group>
      {expanded && pages.map((c) => <MenuNodeRow key={c.id} node={c} depth={depth + 1} checked={checked} onChange={onChange} expandAll={expandAll} />)}
    </Box>
  );
}
