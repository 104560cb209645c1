# lit configuration for hcl: FileCheck tests of the dialect, passes and
# translations, and end-to-end runs of `hcl` compared with NumPy references.
import os
import shutil

import lit.formats

config.name = "hcl"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hcl_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.hcl_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")]
)

# Tests import helper modules from the source tree (reference.py,
# fixedmodel.py, ...); their bytecode goes to the build tree, not into test/.
config.environment["PYTHONPYCACHEPREFIX"] = os.path.join(config.hcl_obj_root, "pycache")

config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Integration", "Inputs")))
config.substitutions.append(("%examples", os.path.join(config.hcl_src_root, "examples")))
config.substitutions.append(("%bench", os.path.join(config.hcl_src_root, "bench", "kernels")))
config.substitutions.append(("%polybench", os.path.join(config.hcl_src_root, "bench", "polybench")))
config.substitutions.append(("%scripts", os.path.join(config.hcl_src_root, "scripts")))
config.substitutions.append(("%hlsshare", os.path.join(config.hcl_src_root, "share", "hls")))
config.substitutions.append(("%hclplugin", os.path.join(config.hcl_obj_root, "lib", "HCLIIPlugin.so")))

# hcl check --rtl and the lint of the generated SystemVerilog need Verilator
# (scripts/install-deps.sh installs it): `REQUIRES: verilator`.
if shutil.which("verilator"):
    config.available_features.add("verilator")

# The tests that run work through Slurm start a one-node cluster of their own
# (scripts/slurm-local.sh; slurm-wlm and munge from install-deps.sh), whose
# daemons run as root, as in CI: `REQUIRES: slurm`.
_sbin = os.pathsep.join(["/usr/sbin", "/sbin", config.environment.get("PATH", "")])
if os.geteuid() == 0 and all(
    shutil.which(tool, path=_sbin)
    for tool in ["sbatch", "squeue", "sinfo", "slurmctld", "slurmd", "munged"]
):
    config.available_features.add("slurm")
