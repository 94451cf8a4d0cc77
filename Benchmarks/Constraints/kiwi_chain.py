"""The kiwisolver half of kiwi-compare.sh: the same systems as Compare/main.swift, the same
figures, one line each, `name microseconds`, the best of several runs.

`chain_N` builds and solves N views from nothing, Python's building of the expressions
included, as a Swift caller pays for building its own; `chain_N_add` times only the
addConstraint calls (constraints made beforehand) and updateVariables. `edit_1000` is one
suggestValue; `edit_1000_update` adds the updateVariables that kiwi needs before a value can be
read (uisim's solver keeps values current).
"""
import time

from kiwisolver import Solver, Variable


def chain(count, strong_heights=False, edit_top=False):
    """A vertical chain of views, four constraints each (see Compare/main.swift)."""
    solver = Solver()
    tops = []
    previous = None
    for _ in range(count):
        left, top, width, height = Variable(), Variable(), Variable(), Variable()
        if previous is not None:
            solver.addConstraint(top == previous[0] + previous[1] + 8)
        elif edit_top:
            solver.addEditVariable(top, "strong")
        else:
            solver.addConstraint(top == 0)
        solver.addConstraint((height == 44) | "strong" if strong_heights else height == 44)
        solver.addConstraint(left == 16)
        solver.addConstraint(width == 300)
        tops.append(top)
        previous = (top, height)
    solver.updateVariables()
    return solver, tops


def chain_constraints(count):
    constraints = []
    previous = None
    for _ in range(count):
        left, top, width, height = Variable(), Variable(), Variable(), Variable()
        constraints.append(top == previous[0] + previous[1] + 8 if previous else top == 0)
        constraints += [height == 44, left == 16, width == 300]
        previous = (top, height)
    return constraints


def best(runs, body):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        body()
        times.append((time.perf_counter() - start) * 1e6)
    return min(times)


def main():
    for count in (1000, 4000):
        print(f"chain_{count} {best(20 if count == 1000 else 2, lambda: chain(count))}")
    for count in (1000, 4000):
        constraints = chain_constraints(count)

        def add():
            solver = Solver()
            for constraint in constraints:
                solver.addConstraint(constraint)
            solver.updateVariables()

        print(f"chain_{count}_add {best(20 if count == 1000 else 2, add)}")
    for count in (1000, 2000):
        print(f"chain_strong_{count} {best(3, lambda: chain(count, strong_heights=True))}")
    solver, tops = chain(1000, edit_top=True)
    suggestions = 20000

    def suggest():
        for i in range(suggestions):
            solver.suggestValue(tops[0], i & 63)

    def suggest_and_update():
        for i in range(suggestions):
            solver.suggestValue(tops[0], i & 63)
            solver.updateVariables()

    print(f"edit_1000 {best(5, suggest) / suggestions}")
    print(f"edit_1000_update {best(3, suggest_and_update) / suggestions}")
    assert tops[999].value() == (suggestions - 1) % 64 + 999 * 52


main()
