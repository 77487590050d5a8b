"""The run's spend on live model calls, shared by every process of the run, for ``--mmtau-max-cost``.

Under pytest-xdist each worker runs its own items; a per-process total would let every worker spend the whole
budget. The controller creates one ledger file and hands its path to the workers (``workerinput``); each process
appends what each finished item cost (one short line, ``O_APPEND``: whole lines never interleave) and reads the
sum back. Without xdist the same file serves the single process.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

WORKER_KEY = "mmtau_cost_ledger"


class CostLedger:
    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def create(cls) -> CostLedger:
        handle, name = tempfile.mkstemp(prefix="mmtau-cost-", suffix=".ledger")
        os.close(handle)
        return cls(Path(name))

    def add(self, usd: float) -> None:
        if usd <= 0:
            return
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, f"{usd:.9f}\n".encode())
        finally:
            os.close(fd)

    def total(self) -> float:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except OSError:
            return 0.0
        return sum(float(line) for line in lines if line.strip())

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)
